/**
 * The scroll: a fixed side column (logo, vertical section labels, music, download) beside the
 * page, a vertical slogan set like a couplet on the video, the downloads along its lower edge,
 * and sections whose titles read top to bottom. On a phone the column becomes a top bar.
 */
import type { ReactNode } from 'react';
import { ComplianceFooter } from '../blocks/ComplianceFooter';
import { Fd } from '../blocks/Display';
import { DownloadButtons } from '../blocks/DownloadButtons';
import { Features } from '../blocks/Features';
import { Gallery } from '../blocks/Gallery';
import { Hero, TrailerButton } from '../blocks/Hero';
import { Intro } from '../blocks/Intro';
import { Nav } from '../blocks/Nav';
import { Phrases } from '../blocks/Phrases';
import { NewsList } from '../blocks/NewsList';
import { Roles } from '../blocks/Roles';
import type { PageProps } from '../blocks/types';

export function ScrollPage({ content, design }: PageProps): ReactNode {
  return (
    <>
      <Nav content={content} />
      <div className="shell">
        <main>
          <Hero content={content} className={`align-${design.heroAlign}`}>
            <div className="verse">
              <h1 className="verse-text">
                <Phrases text={content.slogan} className="verse-line" />
              </h1>
              <Fd className="verse-seal">{Array.from(content.name).slice(0, 4).join('')}</Fd>
            </div>
            <div className="hero-foot">
              <DownloadButtons content={content} showNote={false} />
              <TrailerButton content={content} />
            </div>
          </Hero>
          <Intro content={content} heading="name" />
          <NewsList news={content.news} style={design.news} feature={content.gallery[1]} />
          <Features features={content.features} style={design.features} />
          {design.roles && <Roles roles={content.roles} style={design.roles} />}
          <Gallery images={content.gallery} name={content.name} style={design.gallery} />
        </main>
        <ComplianceFooter content={content} />
      </div>
    </>
  );
}

export const scrollCss = `
@media (min-width:901px){
  .nav{inset:0 auto 0 0;width:112px;background:var(--rail);color:var(--rail-text);box-shadow:4px 0 24px rgba(0,0,0,.25)}
  .nav::after{content:"";position:absolute;top:0;bottom:0;right:6px;width:1px;background:var(--accent);opacity:.6}
  .nav-in{flex-direction:column;justify-content:space-between;width:100%;height:100%;padding:24px 0;gap:16px}
  .nav-logo{height:auto}
  .nav-logo img{--mw:92px;--mh:92px}
  .nav-links{flex:0 1 auto;flex-direction:column;gap:2px;justify-content:center}
  .nav-links a{writing-mode:vertical-rl;padding:12px 10px;letter-spacing:.32em}
  .nav-links a::before{content:"";position:absolute;right:2px;top:50%;width:5px;height:5px;margin-top:-3px;transform:rotate(45deg);background:var(--accent);opacity:0;transition:opacity .2s}
  .nav-links a:hover::before{opacity:1}
  .nav-label{font-size:17px}
  .nav-en{display:none}
  .nav-tools{flex-direction:column;gap:14px}
  .nav-cta{writing-mode:vertical-rl;height:auto;padding:16px 10px;letter-spacing:.3em}
  .music{padding:6px;height:auto;flex-direction:column;border-radius:999px}
  .shell{margin-left:112px}
}
.verse{position:absolute;top:9%;right:6%;z-index:2;display:flex;flex-direction:column;align-items:center;gap:18px}
.hero.align-center .verse{right:auto;left:5%}
.verse-text{display:flex;flex-direction:row-reverse;align-items:flex-start;gap:.5em;margin:0;font-weight:normal;font-size:clamp(28px,3.1vw,46px);line-height:1.3;letter-spacing:.22em;color:#fff;text-shadow:0 2px 18px rgba(0,0,0,.6),0 0 2px rgba(0,0,0,.7)}
.verse-line{writing-mode:vertical-rl;max-height:62vh}
.verse-line:nth-child(2){margin-top:1.6em}
.verse-line:nth-child(3){margin-top:3.2em}
.verse-seal{display:block;width:52px;height:52px;padding:3px 2px;border:2px solid rgba(255,255,255,.9);border-radius:6px;background:var(--accent);color:#fff;font-size:19px;line-height:21px;letter-spacing:0;text-align:center;writing-mode:vertical-rl;overflow:hidden;box-shadow:0 0 0 3px var(--accent)}
.hero-foot{position:absolute;inset:auto 0 0;z-index:2;display:flex;align-items:flex-end;justify-content:space-between;gap:24px;padding:48px 5% 40px;background:linear-gradient(transparent,rgba(0,0,0,.6));color:#fff}
.hero-foot .dl-qr img{width:104px;height:104px}
.hero-foot .dl-btns{grid-template-columns:repeat(3,minmax(0,176px))}
.hero-foot .dl-btn{background:rgba(0,0,0,.42);border-color:rgba(255,255,255,.35);color:#fff;backdrop-filter:blur(6px)}
.hero-fx{background:linear-gradient(180deg,transparent 70%,rgba(0,0,0,.25))}
.intro{background:var(--surface)}
.intro-in{position:relative}
.st{flex-direction:row;justify-content:center;align-items:center;gap:18px}
.st::after{display:none}
.st-title{padding:6px 28px;border-top:2px solid var(--text);border-bottom:2px solid var(--text);letter-spacing:.3em}
.st-en{margin:0;writing-mode:vertical-rl;font-size:11px;letter-spacing:.3em}
.st-index{writing-mode:vertical-rl}
.news-tag{background:transparent;border:1px solid var(--accent);color:color-mix(in srgb,var(--accent) 70%,var(--text))}
@media (max-width:900px){
  .nav{background:var(--rail);color:var(--rail-text)}
  .verse,.hero.align-center .verse{position:static;flex-direction:row;justify-content:center;padding:20px 16px 0;background:var(--bg)}
  .verse-text{flex-direction:row;flex-wrap:wrap;justify-content:center;gap:.2em .8em;font-size:24px;letter-spacing:.12em;color:var(--text);text-shadow:none}
  .verse-line{writing-mode:horizontal-tb;max-height:none}
  .verse-line:nth-child(n){margin-top:0}
  .verse-seal{display:none}
  .hero-foot{position:static;padding:20px 16px 8px;background:var(--bg);color:var(--text);flex-direction:column;align-items:stretch}
  .hero-foot .dl-btns{grid-template-columns:1fr}
  .hero-foot .dl-btn{background:var(--surface);border-color:var(--line);color:var(--text)}
  .hero-foot .trailer{color:var(--text);justify-content:center}
  .st{gap:10px}
  .st-en{display:none}
  .st-title{padding:4px 16px}
}
`;
