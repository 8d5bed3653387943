/**
 * The tactical display: a numbered HUD strip, the video full-bleed under scan lines with corner
 * brackets and a status readout, a download dock fixed to the screen's edge (a bottom bar on a
 * phone), and panels with cut corners.
 */
import type { ReactNode } from 'react';
import { ComplianceFooter } from '../blocks/ComplianceFooter';
import { Fd } from '../blocks/Display';
import { DownloadButtons } from '../blocks/DownloadButtons';
import { hasDownloads } from '../content';
import { Features } from '../blocks/Features';
import { Gallery } from '../blocks/Gallery';
import { Hero, TrailerButton } from '../blocks/Hero';
import { Intro } from '../blocks/Intro';
import { Nav } from '../blocks/Nav';
import { NewsList } from '../blocks/NewsList';
import { Roles } from '../blocks/Roles';
import type { PageProps } from '../blocks/types';

export function HudPage({ content, design }: PageProps): ReactNode {
  let index = 0;
  const next = (): number => ++index;
  return (
    <>
      <Nav content={content} numbered />
      <main>
        <Hero content={content} className={`align-${design.heroAlign}`}>
          <span className="bracket bracket-tl" aria-hidden="true" />
          <span className="bracket bracket-br" aria-hidden="true" />
          <div className="readout">
            <span className="readout-status">
              <i /> ONLINE
            </span>
            <Fd as="h1" className="readout-slogan">
              {content.slogan}
            </Fd>
            <TrailerButton content={content} />
          </div>
        </Hero>
        {hasDownloads(content) && (
          <aside className={`dock dock-${design.heroAlign === 'right' ? 'left' : 'right'}`} aria-label="下载游戏">
            <DownloadButtons content={content} />
          </aside>
        )}
        <Intro content={content} heading="name" />
        <NewsList news={content.news} style={design.news} feature={content.gallery[0]} index={next()} />
        <Features features={content.features} style={design.features} index={next()} />
        {design.roles && <Roles roles={content.roles} style={design.roles} index={next()} />}
        <Gallery images={content.gallery} name={content.name} style={design.gallery} index={next()} />
      </main>
      <ComplianceFooter content={content} />
    </>
  );
}

const CUT = 'polygon(0 0,calc(100% - 18px) 0,100% 18px,100% 100%,18px 100%,0 calc(100% - 18px))';

export const hudCss = `
.nav{background:linear-gradient(180deg,color-mix(in srgb,var(--bg) 92%,transparent),color-mix(in srgb,var(--bg) 55%,transparent));border-bottom:1px solid var(--line);backdrop-filter:blur(6px);-webkit-backdrop-filter:blur(6px)}
.nav-in{height:64px}
.nav-links a{flex-direction:row;align-items:baseline;gap:6px;padding:8px 14px}
.nav-links a::before{content:"";position:absolute;left:4px;right:4px;bottom:2px;height:2px;background:var(--accent);transform:scaleX(0);transition:transform .2s}
.nav-links a:hover::before{transform:scaleX(1)}
.nav-en{display:none}
.nav-cta,.btn,.music{border-radius:0;clip-path:polygon(0 0,calc(100% - 10px) 0,100% 10px,100% 100%,10px 100%,0 calc(100% - 10px))}
.hero-fx{background:repeating-linear-gradient(0deg,rgba(0,0,0,.18) 0 1px,transparent 1px 3px),radial-gradient(ellipse at center,transparent 55%,rgba(0,0,0,.55)),linear-gradient(180deg,transparent 75%,var(--bg))}
.bracket{position:absolute;z-index:2;width:72px;height:72px;border:2px solid var(--accent);opacity:.9}
.bracket-tl{left:28px;top:88px;border-right:0;border-bottom:0}
.bracket-br{right:28px;bottom:40px;border-left:0;border-top:0}
.readout{position:absolute;left:5%;bottom:13%;z-index:2;display:flex;flex-direction:column;align-items:flex-start;gap:14px;max-width:40%}
.hero.align-right .readout{left:auto;right:5%;align-items:flex-end;text-align:right}
.hero.align-center .readout{left:50%;transform:translateX(-50%);align-items:center;text-align:center;bottom:7%;max-width:70%}
.readout-status{display:inline-flex;align-items:center;gap:8px;padding:2px 10px;border:1px solid var(--accent);background:rgba(0,0,0,.45);color:var(--accent-ink);font:12px/1.6 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.3em}
.readout-status i{width:8px;height:8px;background:var(--accent);animation:blink 1.2s steps(2) infinite}
.readout-slogan{margin:0;padding:8px 16px;background:linear-gradient(90deg,rgba(0,0,0,.6),transparent);border-left:4px solid var(--accent);font-size:clamp(24px,2.6vw,40px);line-height:1.3;color:#fff;text-shadow:0 0 18px color-mix(in srgb,var(--accent) 70%,transparent)}
.hero.align-right .readout-slogan{border-left:0;border-right:4px solid var(--accent);background:linear-gradient(270deg,rgba(0,0,0,.6),transparent)}
.hero.align-center .readout-slogan{border:0;background:rgba(0,0,0,.45)}
@keyframes blink{50%{opacity:0}}
.dock{position:fixed;top:50%;z-index:40;transform:translateY(-50%);padding:18px 14px;background:color-mix(in srgb,var(--surface) 92%,transparent);border:1px solid var(--line);backdrop-filter:blur(8px);-webkit-backdrop-filter:blur(8px);clip-path:${CUT};box-shadow:0 0 0 1px var(--line)}
.dock-right{right:0}
.dock-left{left:0}
.dock .dl{flex-direction:column;gap:12px}
.dock .dl-qr img{width:112px;height:112px;border-radius:0}
.dock .dl-note{display:none}
.dock .dl-btns{grid-template-columns:1fr;gap:8px}
.dock .dl-btn{height:46px;padding:0 12px;border-radius:0;background:transparent;border-color:var(--line);color:var(--text)}
.dock .dl-btn:hover{background:var(--accent);color:var(--on-accent)}
.dock .dl-btn .ico{width:20px;height:20px}
.dock .dl-txt small{display:none}
.dock .dl-txt b{font-size:14px}
.intro-logo{filter:drop-shadow(0 0 24px color-mix(in srgb,var(--accent) 45%,transparent))}
.intro-slogan{text-transform:none}
.feats-cards .feat,.news-cards .news-item,.roles-cards .role,.gal-item,.feat-img,.news-feature{border-radius:0;clip-path:${CUT}}
.feats-cards .feat{border:0;background:linear-gradient(160deg,var(--surface),var(--bg2))}
.st{align-items:flex-start;text-align:left;flex-direction:row;gap:18px;align-items:baseline}
.st::after{position:absolute;left:0;right:0;bottom:-14px;width:auto;height:1px;margin:0;background:linear-gradient(90deg,var(--accent) 0 80px,var(--line) 80px)}
.st-index{font:14px ui-monospace,Menlo,Consolas,monospace;color:var(--accent-ink)}
.st-index::before{content:"// "}
.st-en{margin:0 0 0 auto;font:12px ui-monospace,Menlo,Consolas,monospace;letter-spacing:.35em}
.news-tag{border-radius:0;font-family:ui-monospace,Menlo,Consolas,monospace}
.news-list .news-items{border-top:1px solid var(--accent)}
.foot{border-top:1px solid var(--accent)}
@media (max-width:1200px) and (min-width:901px){.readout{max-width:36%}}
@media (max-width:900px){
  .bracket{display:none}
  .readout,.hero.align-right .readout,.hero.align-center .readout{position:static;transform:none;max-width:none;align-items:flex-start;text-align:left;padding:20px 16px 0;background:var(--bg)}
  .hero.align-right .readout-slogan{border-right:0;border-left:4px solid var(--accent)}
  .readout-slogan{color:var(--text);background:none;text-shadow:none;font-size:24px}
  .readout .trailer{color:var(--text)}
  .dock{top:auto;bottom:0;left:0;right:0;transform:none;padding:8px 10px calc(8px + env(safe-area-inset-bottom));clip-path:none;border-width:1px 0 0}
  .dock .dl{flex-direction:row}
  .dock .dl-qr{display:none}
  .dock .dl-main{width:100%}
  .dock .dl-btns{grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
  .dock .dl-btn{height:44px;justify-content:center;gap:6px;padding:0 6px}
  .dock .dl-txt b{font-size:13px}
}
`;
