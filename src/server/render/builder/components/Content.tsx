/**
 * The content area: its sections in order, built from the mini site's blocks (news, features,
 * characters, screenshots) and two of its own (introduction, events). Each section sits in its
 * own band so that bands alternate whatever the sections are.
 */
import type { ReactNode } from 'react';
import { Fd } from '../../site/blocks/Display';
import { ArrowIcon } from '../../site/blocks/Icons';
import { Features } from '../../site/blocks/Features';
import { Gallery } from '../../site/blocks/Gallery';
import { NewsList } from '../../site/blocks/NewsList';
import { Roles } from '../../site/blocks/Roles';
import { SectionTitle } from '../../site/blocks/SectionTitle';
import { FEATURES_PER_SET, GALLERY_PER_SET, ROLES_PER_SET } from '../defaults';
import { contentKeys as k, NEWS_ITEMS } from '../fields';
import type { FieldReader } from '../plan';
import type { ContentDefinition, ContentSection } from '../types';
import type { SiteFrame } from './frame';
import { Picture, SHOWN } from '../../site/blocks/Picture';

const EVENT_ITEMS = 3;

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

function Intro({ f, look }: { f: FieldReader; look: 'picture' | 'quote' }): ReactNode {
  return (
    <section id="intro" className={`sec ct-intro ct-intro-${look}`}>
      <div className="wrap ct-intro-in">
        {look === 'picture' && (
          <div className="ct-intro-pic">
            <Picture src={f.image(k.introImage)} alt={f.text(k.introTitle)} shown={SHOWN.half} lazy />
          </div>
        )}
        <div className="ct-intro-body">
          <span className="ct-kicker">游戏简介</span>
          <Fd as="h2" className="ct-intro-title">
            {f.text(k.introTitle)}
          </Fd>
          <p className="ct-intro-text">{f.text(k.introText)}</p>
        </div>
      </div>
    </section>
  );
}

function Events({ f }: { f: FieldReader }): ReactNode {
  return (
    <section id="events" className="sec ct-events">
      <div className="wrap">
        <SectionTitle title="精彩活动" en="Events" />
        <ul className="ct-events-list">
          {range(EVENT_ITEMS).map((n) => {
            const href = f.link(k.eventLink(n));
            const body = (
              <>
                <span className="ct-event-no">{String(n).padStart(2, '0')}</span>
                <Fd as="h3" className="ct-event-title">
                  {f.text(k.eventTitle(n))}
                </Fd>
                <p className="ct-event-desc">{f.text(k.eventDesc(n))}</p>
              </>
            );
            // An event without a page of its own is shown, not offered as a link that goes nowhere.
            return (
              <li key={n} className="ct-event">
                {href ? (
                  <a href={href}>
                    {body}
                    <span className="ct-event-go">
                      查看详情
                      <ArrowIcon />
                    </span>
                  </a>
                ) : (
                  <div>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Section({ section, f, site }: { section: ContentSection; f: FieldReader; site: SiteFrame }): ReactNode {
  switch (section.kind) {
    case 'intro':
      return <Intro f={f} look={section.look} />;
    case 'news': {
      const news = range(NEWS_ITEMS).map((n) => ({ tag: f.text(k.newsTag(n)), title: f.text(k.newsTitle(n)), date: f.text(k.newsDate(n)) }));
      const more = f.link(k.newsMore);
      return (
        <>
          <NewsList news={news} style={section.look} feature={section.look === 'list' ? f.image(k.newsImage) : undefined} />
          {more && (
            <p className="ct-more">
              <a className="btn btn-ghost" href={more}>
                更多资讯
                <ArrowIcon />
              </a>
            </p>
          )}
        </>
      );
    }
    case 'features':
      return (
        <Features
          style={section.look}
          features={range(FEATURES_PER_SET).map((n) => ({ title: f.text(k.featureTitle(n)), desc: f.text(k.featureDesc(n)), image: f.image(k.featureImage(n)) }))}
        />
      );
    case 'roles':
      return (
        <Roles
          style={section.look}
          roles={range(ROLES_PER_SET).map((n) => ({ name: f.text(k.roleName(n)), title: f.text(k.roleTitle(n)), desc: f.text(k.roleDesc(n)), image: f.image(k.roleImage(n)) }))}
        />
      );
    case 'gallery':
      return <Gallery style={section.look} name={site.name} images={range(GALLERY_PER_SET).map((n) => f.image(k.gallery(n)))} />;
    case 'events':
      return <Events f={f} />;
  }
}

export function Content({ def, f, site }: { def: ContentDefinition; f: FieldReader; site: SiteFrame }): ReactNode {
  return (
    <div id="content" className="ct">
      {def.design.sections.map((section) => (
        <div key={section.kind} className={`ct-band ct-band-${section.kind}`}>
          <Section section={section} f={f} site={site} />
        </div>
      ))}
    </div>
  );
}

export const contentCss = `
.ct-band{position:relative}
.ct-band:nth-child(even){background:color-mix(in srgb,var(--bg2) 72%,transparent)}
.ct-band .sec{scroll-margin-top:var(--hd-h,68px)}
.ct-more{display:flex;justify-content:center;margin:-56px 0 0;padding:0 0 88px}
.ct-more .btn{color:var(--accent-ink)}
.ct-kicker{display:inline-block;margin-bottom:12px;padding:2px 12px;border:1px solid var(--accent);border-radius:calc(var(--radius) / 2);color:var(--accent-ink);font-size:13px;letter-spacing:.3em}
.ct-intro-in{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:64px;align-items:center}
.ct-intro-pic{position:relative;border-radius:var(--radius);overflow:hidden;aspect-ratio:16/10;box-shadow:0 30px 60px -30px rgba(0,0,0,.6)}
.ct-intro-pic img{width:100%;height:100%;object-fit:cover}
.ct-intro-pic::after{content:"";position:absolute;inset:12px;border:1px solid rgba(255,255,255,.45);border-radius:calc(var(--radius) * .7);pointer-events:none}
.ct-intro-title{margin:0 0 18px;font-size:clamp(28px,3.2vw,44px);line-height:1.25;color:var(--accent-ink)}
.ct-intro-text{margin:0;font-size:17px;line-height:2;text-align:justify}
.ct-intro-quote .ct-intro-in{grid-template-columns:1fr;max-width:880px;text-align:center}
.ct-intro-quote .ct-intro-title{position:relative;font-size:clamp(32px,4vw,56px)}
.ct-intro-quote .ct-intro-title::before,.ct-intro-quote .ct-intro-title::after{content:"「";color:var(--accent2);opacity:.8}
.ct-intro-quote .ct-intro-title::after{content:"」"}
.ct-intro-quote .ct-intro-text{text-align:center;color:var(--muted)}
.ct-events-list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:24px}
.ct-event a{position:relative;display:flex;flex-direction:column;gap:10px;height:100%;padding:30px 28px;overflow:hidden;border:1px solid var(--line);border-radius:var(--radius);background:linear-gradient(150deg,var(--surface),color-mix(in srgb,var(--surface) 80%,var(--accent2)));transition:transform .25s,box-shadow .25s}
.ct-event a:hover{transform:translateY(-6px);box-shadow:0 24px 40px -24px rgba(0,0,0,.6)}
.ct-event-no{position:absolute;right:18px;top:6px;font-family:var(--font-display),var(--font-body);font-size:64px;line-height:1;color:var(--accent-ink);opacity:.18}
.ct-event-title{margin:0;font-size:24px;color:var(--text)}
.ct-event-desc{margin:0;color:var(--muted)}
.ct-event-go{display:inline-flex;align-items:center;gap:6px;margin-top:auto;color:var(--accent-ink);font-size:14px}
.ct-event-go .ico{width:16px;height:16px}
@media (max-width:900px){
  .ct-intro-in{grid-template-columns:1fr;gap:28px}
  .ct-intro-text{font-size:15px}
  .ct-events-list{grid-template-columns:1fr;gap:14px}
  .ct-more{margin-top:-32px;padding-bottom:56px}
}
`;
