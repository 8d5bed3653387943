/**
 * The site navigation: logo, section links, music switch and a download call to action. One
 * markup for every family; the family's CSS makes it a top bar, a floating pill, a HUD strip or a
 * fixed side column with vertical labels.
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
@media (max-width:900px){
  .nav-in{gap:12px;height:56px;width:calc(100% - 24px)}
  .nav-logo img{--mh:40px;--mw:110px}
  .nav .nav-links{justify-content:flex-start}
  .nav-links{overflow-x:auto;scrollbar-width:none;gap:0;-webkit-mask-image:linear-gradient(90deg,#000 85%,transparent)}
  .nav-links::-webkit-scrollbar{display:none}
  .nav-links a{padding:6px 9px}
  .nav-label{font-size:14px}
  .nav-en,.nav-no{display:none}
  .nav-cta{display:none}
  .music{height:34px;padding:0 8px 0 4px}
  .music-disc{width:24px;height:24px}
}
`;
