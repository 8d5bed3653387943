/**
 * The site navigation: logo, section links, music switch and a download call to action. One
 * markup for every family; the family's CSS makes it a top bar, a floating pill, a HUD strip or a
 * fixed side column with vertical labels. On a phone the links fold into a menu button (a
 * <details>, so it opens without script) that lists every section, and the download button stays
 * in the bar: the bar is on every screen, so the first one always offers the download.
 */
import type { ReactNode } from 'react';
import { hasDownloads, type SiteContent } from '../content';
import { Fd } from './Display';
import { MusicToggle } from './MusicToggle';
import { navItems } from './types';
import { Picture, SHOWN } from './Picture';

export function Nav({ content, numbered = false }: { content: SiteContent; numbered?: boolean }): ReactNode {
  const items = navItems(content);
  return (
    <header className="nav">
      <div className="nav-in">
        <a className="nav-logo" href="#top">
          <Picture src={content.assets.logo} alt={content.name} shown={SHOWN.barLogo} />
        </a>
        <nav className="nav-links" aria-label="主导航">
          {items.map((item, i) => (
            <a key={item.href} href={item.href}>
              {numbered && <small className="nav-no">{String(i + 1).padStart(2, '0')}</small>}
              <Fd className="nav-label">{item.label}</Fd>
              <small className="nav-en">{item.en}</small>
            </a>
          ))}
        </nav>
        <div className="nav-tools">
          <MusicToggle src={content.assets.music} />
          {hasDownloads(content) && (
            <a className="btn btn-accent nav-cta" href="#download">
              <Fd>立即下载</Fd>
            </a>
          )}
          <details className="nav-menu" data-nav-menu="">
            <summary aria-label="菜单">
              <i />
              <i />
              <i />
            </summary>
            <nav className="nav-menu-links" aria-label="菜单导航">
              {items.map((item) => (
                <a key={item.href} href={item.href}>
                  <Fd>{item.label}</Fd>
                </a>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

export const navCss = `
.nav{position:fixed;inset:0 0 auto;z-index:50;color:#fff}
.nav-in{display:flex;align-items:center;gap:32px;width:min(1280px,100% - 48px);height:72px;margin-inline:auto}
.nav-logo{flex:none;display:flex;align-items:center;height:100%}
.nav-logo img{--mw:180px;--mh:52px;width:min(var(--w),var(--mw),calc(var(--mh) * var(--ar)));max-width:var(--mw);max-height:var(--mh);height:auto;object-fit:contain;filter:drop-shadow(0 2px 6px rgba(0,0,0,.45))}
.nav-links{display:flex;align-items:center;gap:4px;flex:1;min-width:0}
.nav-links a{position:relative;display:flex;flex-direction:column;align-items:center;padding:8px 16px;line-height:1.2;white-space:nowrap;transition:color .2s}
.nav-label{font-size:17px}
.nav-en{font-size:10px;letter-spacing:.2em;opacity:.55;margin-top:3px}
.nav-no{font-size:11px;color:var(--accent-ink);letter-spacing:.1em}
.nav-links a:hover{color:var(--accent-ink)}
.nav-tools{display:flex;align-items:center;gap:12px;flex:none}
.nav-menu{display:none;position:relative}
.nav-menu summary{display:flex;flex-direction:column;justify-content:center;gap:5px;width:40px;height:40px;padding:0 9px;border-radius:var(--radius);cursor:pointer;list-style:none}
.nav-menu summary::-webkit-details-marker{display:none}
.nav-menu summary i{display:block;height:2px;border-radius:1px;background:currentColor;transition:transform .2s,opacity .2s}
.nav-menu[open] summary i:nth-child(1){transform:translateY(7px) rotate(45deg)}
.nav-menu[open] summary i:nth-child(2){opacity:0}
.nav-menu[open] summary i:nth-child(3){transform:translateY(-7px) rotate(-45deg)}
.nav-menu-links{position:absolute;right:0;top:calc(100% + 10px);display:flex;flex-direction:column;min-width:180px;max-height:calc(100vh - 90px);overflow-y:auto;padding:8px;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);color:var(--text);box-shadow:0 18px 40px -12px rgba(0,0,0,.5);writing-mode:horizontal-tb}
.nav-menu-links a{padding:11px 14px;border-radius:calc(var(--radius) / 2);font-size:16px;white-space:nowrap}
.nav-menu-links a:hover{background:var(--accent);color:var(--on-accent)}
@media (max-width:900px){
  .nav-in{gap:10px;height:56px;width:calc(100% - 24px)}
  .nav-logo img{--mh:40px;--mw:110px}
  .nav .nav-links{display:none}
  .nav .nav-tools{gap:8px;margin-left:auto}
  .nav .nav-cta{height:34px;padding:0 14px;font-size:14px;letter-spacing:.04em;writing-mode:horizontal-tb}
  .nav-menu{display:block}
  .music{height:34px;padding:0 8px 0 4px}
  .music-disc{width:24px;height:24px}
}
`;
