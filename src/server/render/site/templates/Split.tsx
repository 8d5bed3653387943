/**
 * The command table: a solid bar with a rule of the accent colour, a split first screen (logo,
 * slogan, introduction and stacked download buttons on one side, the video in an ornamented
 * frame on the other), then numbered sections on the theme's map-grid background.
 */
import type { ReactNode } from 'react';
import { ComplianceFooter } from '../blocks/ComplianceFooter';
import { Fd } from '../blocks/Display';
import { DownloadButtons } from '../blocks/DownloadButtons';
import { Features } from '../blocks/Features';
import { Gallery } from '../blocks/Gallery';
import { Hero, TrailerButton } from '../blocks/Hero';
import { Nav } from '../blocks/Nav';
import { NewsList } from '../blocks/NewsList';
import { Roles } from '../blocks/Roles';
import type { PageProps } from '../blocks/types';
import { Picture, SHOWN } from '../blocks/Picture';

export function SplitPage({ content, design }: PageProps): ReactNode {
  let index = 0;
  const next = (): number => ++index;
  return (
    <>
      <Nav content={content} numbered />
      <main>
        <div className="stage">
          <div className="stage-in">
            <div className="stage-copy">
              <Picture className="stage-logo" src={content.assets.logo} alt={content.name} shown={SHOWN.bigLogo} />
              <Fd as="h1" className="stage-slogan">
                {content.slogan}
              </Fd>
              <p className="stage-intro">{content.intro}</p>
              <DownloadButtons content={content} className="dl-stack" />
            </div>
            <div className="stage-screen">
              <Hero content={content} />
              <div className="stage-caption">
                <TrailerButton content={content} />
                <Fd className="stage-name">{content.name}</Fd>
              </div>
            </div>
          </div>
        </div>
        <Features features={content.features} style={design.features} index={next()} />
        <NewsList news={content.news} style={design.news} feature={content.gallery[2]} index={next()} />
        {design.roles && <Roles roles={content.roles} style={design.roles} index={next()} />}
        <Gallery images={content.gallery} name={content.name} style={design.gallery} index={next()} />
      </main>
      <ComplianceFooter content={content} />
    </>
  );
}

export const splitCss = `
.nav{position:sticky;top:0;background:var(--surface);color:var(--text);border-bottom:3px solid var(--accent);box-shadow:0 6px 20px -12px rgba(0,0,0,.5)}
.nav-in{height:68px}
.nav-links{justify-content:flex-end}
.nav-links a{flex-direction:row;gap:6px;align-items:baseline}
.nav-en{display:none}
.nav-logo img{filter:none}
.music{background:transparent}
.stage{background:radial-gradient(ellipse at 70% 40%,color-mix(in srgb,var(--accent) 22%,transparent),transparent 60%),radial-gradient(ellipse at 10% 90%,color-mix(in srgb,var(--accent2) 25%,transparent),transparent 55%)}
.stage-in{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,7fr);gap:48px;align-items:center;width:min(1360px,100% - 48px);margin:0 auto;padding:56px 0 88px}
.stage-logo{width:100%;max-width:420px;max-height:220px;object-fit:contain;object-position:left center;filter:drop-shadow(0 10px 20px rgba(0,0,0,.35))}
.stage-slogan{margin:20px 0 12px;font-size:clamp(28px,2.8vw,42px);line-height:1.3;color:var(--accent-ink)}
.stage-intro{margin:0 0 28px;color:var(--muted);display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden}
.dl-stack{align-items:stretch}
.dl-stack .dl-main{order:-1;flex:1}
.dl-stack .dl-btns{grid-template-columns:1fr}
.dl-stack .dl-note{font-size:17px}
.dl-stack .dl-btn{height:52px;background:var(--accent);color:var(--on-accent);border-color:transparent;clip-path:polygon(0 0,calc(100% - 14px) 0,100% 14px,100% 100%,14px 100%,0 calc(100% - 14px))}
.dl-stack .dl-btn:hover{filter:brightness(1.1)}
.dl-stack .dl-qr{justify-content:flex-end;padding:10px;border:1px solid var(--line);background:var(--surface)}
.stage-screen{position:relative;padding:14px;border:1px solid var(--line);background:linear-gradient(135deg,var(--surface),var(--bg2));box-shadow:0 40px 80px -40px rgba(0,0,0,.7)}
.stage-screen::before,.stage-screen::after{content:"";position:absolute;width:40px;height:40px;border:3px solid var(--accent)}
.stage-screen::before{left:-8px;top:-8px;border-right:0;border-bottom:0}
.stage-screen::after{right:-8px;bottom:-8px;border-left:0;border-top:0}
.stage-screen .hero-media{min-height:0}
.stage-screen .hero-fx{background:none;box-shadow:inset 0 0 60px rgba(0,0,0,.45)}
.stage-caption{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:14px 6px 2px;color:var(--text)}
.stage-caption .trailer{color:var(--text)}
.stage-caption .trailer-ring{width:44px;height:44px;border-color:var(--accent);color:var(--accent-ink);background:transparent}
.stage-caption .trailer-ring .ico{width:18px;height:18px}
.stage-caption .trailer-label{font-size:15px;text-shadow:none}
.stage-name{margin-left:auto;font-size:15px;letter-spacing:.4em;color:var(--muted)}
.st{flex-direction:row;align-items:flex-end;justify-content:flex-start;gap:16px;text-align:left;padding-bottom:16px;border-bottom:1px solid var(--line)}
.st::after{position:absolute;left:0;bottom:-2px;width:120px;height:3px;margin:0;background:var(--accent)}
.st-index{font-size:56px;line-height:.9;font-family:var(--font-display);letter-spacing:0;color:var(--accent-ink)}
.st-en{margin:0 0 4px auto}
@media (max-width:900px){
  .nav{position:fixed}
  .nav-in{height:56px}
  .nav-no{display:none}
  .stage-in{grid-template-columns:1fr;gap:24px;width:calc(100% - 32px);padding:76px 0 48px}
  .stage-screen{order:-1;padding:8px}
  .stage-screen .hero{padding-top:0}
  .stage-logo{max-width:260px;max-height:140px;margin:0 auto;object-position:center}
  .stage-copy{text-align:center}
  .dl-stack .dl-qr{display:none}
  .st-index{font-size:40px}
}
`;
