/**
 * The navigation bar. Four arrangements share one markup of links, music switch and button; on
 * phones the links fold into a menu button (a <details>, so it works without script).
 */
import type { ReactNode } from 'react';
import { Fd } from '../../site/blocks/Display';
import { MusicToggle } from '../../site/blocks/MusicToggle';
import { headKeys } from '../definitions/head';
import { LOGO_KEY } from '../fields';
import type { FieldReader } from '../plan';
import type { HeadDefinition } from '../types';
import type { NavLink, SiteFrame } from './frame';
import { Picture, SHOWN } from '../../site/blocks/Picture';

function Links({ links, english }: { links: NavLink[]; english: boolean }): ReactNode {
  return links.map((item) => (
    <a key={item.href} href={item.href}>
      <Fd className="hd-label">{item.label}</Fd>
      {english && <small className="hd-en">{item.en}</small>}
    </a>
  ));
}

export function Head({ def, f, site }: { def: HeadDefinition; f: FieldReader; site: SiteFrame }): ReactNode {
  const { layout, surface } = def.design;
  const k = headKeys;
  const english = layout === 'rail' || layout === 'centered';
  const logo = (
    <a className="hd-logo" href="#top">
      <Picture src={f.image(LOGO_KEY)} alt={site.name} shown={SHOWN.barLogo} />
    </a>
  );
  const noticeLink = f.link(k.noticeLink);
  const noticeBody = (
    <>
      <span className="hd-notice-tag">公告</span>
      <span className="hd-notice-text">{f.text(k.notice)}</span>
    </>
  );
  const notice =
    (layout === 'stacked' || layout === 'rail') &&
    f.text(k.notice).trim() &&
    (noticeLink ? (
      <a className="hd-notice" href={noticeLink}>
        {noticeBody}
      </a>
    ) : (
      <span className="hd-notice">{noticeBody}</span>
    ));
  const ctaLink = f.link(k.ctaLink);
  const half = Math.ceil(site.nav.length / 2);
  return (
    <header className={`hd hd-${layout} hd-${surface}`} data-head="">
      {layout === 'stacked' && notice && <div className="hd-strip">{notice}</div>}
      <div className="hd-in">
        {layout === 'centered' ? (
          <>
            <nav className="hd-links hd-links-l" aria-label="主导航">
              <Links links={site.nav.slice(0, half)} english={english} />
            </nav>
            {logo}
            <nav className="hd-links hd-links-r" aria-label="更多导航">
              <Links links={site.nav.slice(half)} english={english} />
            </nav>
          </>
        ) : (
          <>
            {logo}
            <nav className="hd-links" aria-label="主导航">
              <Links links={site.nav} english={english} />
            </nav>
          </>
        )}
        <div className="hd-tools">
          {layout === 'rail' && notice}
          <MusicToggle src={site.music} />
          {f.text(k.ctaText).trim() && ctaLink && (
            <a className="btn hd-cta" href={ctaLink}>
              <Fd>{f.text(k.ctaText)}</Fd>
            </a>
          )}
          <details className="hd-menu">
            <summary aria-label="菜单">
              <i />
              <i />
              <i />
            </summary>
            <nav className="hd-menu-links" aria-label="菜单导航">
              <Links links={site.nav} english={false} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

export const headCss = `
:root{--hd-h:68px}
.hd{position:fixed;inset:0 0 auto;z-index:50;transition:background .3s,box-shadow .3s,color .3s}
.hd-in{display:flex;align-items:center;gap:28px;width:min(1280px,100% - 48px);height:68px;margin-inline:auto}
.hd-logo{flex:none;display:flex;align-items:center;height:100%}
.hd-logo img{--mw:170px;--mh:50px;width:min(var(--w),var(--mw),calc(var(--mh) * var(--ar)));max-width:var(--mw);max-height:var(--mh);height:auto;object-fit:contain;filter:drop-shadow(0 2px 6px rgba(0,0,0,.4))}
.hd-links{display:flex;align-items:center;gap:2px;flex:1;min-width:0}
.hd-links a{position:relative;display:flex;flex-direction:column;align-items:center;padding:8px 14px;line-height:1.2;white-space:nowrap;transition:color .2s,background .2s}
.hd-label{font-size:17px}
.hd-en{margin-top:3px;font-size:10px;letter-spacing:.2em;opacity:.55}
.hd-tools{display:flex;align-items:center;gap:12px;flex:none}
.hd-cta{height:40px;padding:0 20px;background:var(--accent);color:var(--on-accent);box-shadow:0 6px 16px -8px var(--accent)}
.hd-menu{display:none;position:relative}
.hd-menu summary{display:flex;flex-direction:column;justify-content:center;gap:5px;width:40px;height:40px;padding:0 9px;border-radius:var(--radius);cursor:pointer;list-style:none}
.hd-menu summary::-webkit-details-marker{display:none}
.hd-menu summary i{display:block;height:2px;border-radius:1px;background:currentColor;transition:transform .2s,opacity .2s}
.hd-menu[open] summary i:nth-child(1){transform:translateY(7px) rotate(45deg)}
.hd-menu[open] summary i:nth-child(2){opacity:0}
.hd-menu[open] summary i:nth-child(3){transform:translateY(-7px) rotate(-45deg)}
.hd-menu-links{position:absolute;right:0;top:calc(100% + 10px);display:flex;flex-direction:column;min-width:180px;padding:8px;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);color:var(--text);box-shadow:0 18px 40px -12px rgba(0,0,0,.5)}
.hd-menu-links a{padding:11px 14px;border-radius:calc(var(--radius) / 2)}
.hd-menu-links a:hover{background:var(--accent);color:var(--on-accent)}
.hd-notice{display:flex;align-items:center;gap:8px;min-width:0;font-size:13px}
.hd-notice-tag{flex:none;padding:0 8px;border-radius:calc(var(--radius) / 2);background:var(--accent2);color:#fff;font-size:12px;line-height:20px}
.hd-notice-text{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
/* surfaces */
.hd-glass{color:#fff;background:linear-gradient(180deg,rgba(0,0,0,.62),rgba(0,0,0,0))}
.hd-glass.is-scrolled{background:color-mix(in srgb,var(--bg) 86%,transparent);color:var(--text);box-shadow:0 1px 0 var(--line);backdrop-filter:blur(10px)}
.hd-glass .hd-links a:hover{color:var(--accent-ink)}
.hd-solid{background:var(--surface);color:var(--text);box-shadow:0 1px 0 var(--line),0 10px 30px -20px rgba(0,0,0,.6)}
.hd-solid .hd-links a:hover{color:var(--accent-ink)}
.hd-accent{background:linear-gradient(90deg,var(--accent),color-mix(in srgb,var(--accent) 70%,var(--accent2)));color:var(--on-accent);box-shadow:0 10px 30px -18px rgba(0,0,0,.7)}
.hd-accent .hd-cta{background:var(--on-accent);color:var(--accent-ink);box-shadow:none}
.hd-accent .hd-links a:hover{background:rgba(0,0,0,.12)}
.hd-accent .hd-logo img{filter:drop-shadow(0 2px 4px rgba(0,0,0,.35))}
.hd-accent .music{background:rgba(0,0,0,.14)}
/* centered: links either side of the logo */
.hd-centered .hd-in{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);gap:20px;height:76px}
.hd-centered .hd-links-l{justify-content:flex-end}
.hd-centered .hd-logo img{--mh:62px;--mw:200px}
.hd-centered .hd-tools{position:absolute;right:24px;top:18px}
.hd-centered .hd-links-r{padding-right:180px}
.hd-centered{--hd-h:76px}
/* stacked: a notice strip over the bar, links spread with dividers */
.hd-stacked{--hd-h:100px}
.hd-strip{height:32px;background:color-mix(in srgb,var(--accent2) 85%,#000);color:#fff}
.hd-strip .hd-notice{width:min(1280px,100% - 48px);height:100%;margin-inline:auto;justify-content:center}
.hd-strip .hd-notice-tag{background:rgba(255,255,255,.2)}
.hd-stacked .hd-links{justify-content:center}
.hd-stacked .hd-links a+a::before{content:"";position:absolute;left:0;top:50%;width:1px;height:14px;margin-top:-7px;background:currentColor;opacity:.3}
.hd-stacked .hd-links a{padding:8px 20px}
/* rail: two-line tabs with an underline, the logo on a slanted plate */
.hd-rail .hd-in{gap:8px}
.hd-rail .hd-logo{padding:0 34px 0 18px;margin-right:12px;background:linear-gradient(90deg,color-mix(in srgb,var(--accent) 28%,transparent),transparent);clip-path:polygon(0 0,100% 0,calc(100% - 22px) 100%,0 100%)}
.hd-rail .hd-links a{height:68px;justify-content:center;padding:0 18px}
.hd-rail .hd-links a::after{content:"";position:absolute;left:18px;right:18px;bottom:0;height:3px;background:var(--accent);transform:scaleX(0);transition:transform .25s}
.hd-rail .hd-links a:hover::after{transform:scaleX(1)}
.hd-rail.hd-accent .hd-links a::after{background:var(--on-accent)}
.hd-rail .hd-tools .hd-notice{max-width:260px;opacity:.9}
@media (max-width:1200px){.hd-rail .hd-tools .hd-notice{display:none}.hd-centered .hd-links-r{padding-right:150px}.hd-centered .hd-en{display:none}}
@media (max-width:900px){
  :root{--hd-h:56px}
  .hd-centered,.hd-stacked{--hd-h:56px}
  .hd-in,.hd-centered .hd-in{display:flex;gap:10px;height:56px;width:calc(100% - 24px)}
  .hd-links,.hd-cta,.hd-strip,.hd-tools .hd-notice{display:none}
  .hd-logo img,.hd-centered .hd-logo img{--mh:40px;--mw:130px}
  .hd-rail .hd-logo{padding:0 26px 0 8px}
  .hd-tools,.hd-centered .hd-tools{position:static;margin-left:auto}
  .hd-menu{display:block}
  .hd-glass{background:color-mix(in srgb,var(--bg) 90%,transparent);color:var(--text);backdrop-filter:blur(10px)}
  .music{height:34px;padding:0 8px 0 4px}
  .music-disc{width:24px;height:24px}
}
`;
