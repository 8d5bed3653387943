/**
 * The classic MMO official site: a translucent bar over a full-bleed video, the download panel
 * (logo, QR, buttons) overlapping the video's lower edge, then intro, news with a featured picture,
 * features, characters, screenshots and the compliance footer. Titles sit on a faint English word.
 */
import type { ReactNode } from 'react';
import { ComplianceFooter } from '../blocks/ComplianceFooter';
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

export function ClassicPage({ content, design }: PageProps): ReactNode {
  return (
    <>
      <Nav content={content} />
      <main>
        <Hero content={content} className={`align-${design.heroAlign}`}>
          {/* The video shows the name; the heading is for screen readers and search engines. */}
          <h1 className="sr-only">{content.name}</h1>
          <div className="hero-trailer">
            <TrailerButton content={content} />
          </div>
        </Hero>
        {hasDownloads(content) && (
          <div className={`dock align-${design.heroAlign}`}>
            <DownloadButtons content={content} className="dl-panel" withLogo />
          </div>
        )}
        <Intro content={content} withLogo={false} />
        <NewsList news={content.news} style={design.news} feature={content.gallery[0]} />
        <Features features={content.features} style={design.features} />
        {design.roles && <Roles roles={content.roles} style={design.roles} />}
        <Gallery images={content.gallery} name={content.name} style={design.gallery} />
      </main>
      <ComplianceFooter content={content} />
    </>
  );
}

export const classicCss = `
.nav{background:linear-gradient(180deg,rgba(0,0,0,.78),rgba(0,0,0,.35));backdrop-filter:blur(8px);-webkit-backdrop-filter:blur(8px);border-bottom:1px solid rgba(255,255,255,.08)}
.nav-links{justify-content:center}
.nav-links a::after{content:"";position:absolute;left:50%;bottom:0;width:0;height:2px;background:var(--accent);transition:width .25s,left .25s}
.nav-links a:hover::after{left:20%;width:60%}
.hero-trailer{position:absolute;right:6%;bottom:22%;z-index:2}
.hero.align-left .hero-trailer{right:auto;left:50%;transform:translateX(-50%)}
.dock{position:relative;z-index:3;width:min(1120px,100% - 48px);margin:-120px auto 0}
.dock.align-left{width:min(1200px,100% - 48px)}
.dock.align-left .dl-panel{max-width:860px}
.dl-panel{position:relative;padding:26px 36px;border:1px solid var(--line);border-radius:var(--radius);background:linear-gradient(135deg,color-mix(in srgb,var(--surface) 94%,transparent),color-mix(in srgb,var(--bg) 94%,transparent));box-shadow:0 30px 60px -30px rgba(0,0,0,.8),inset 0 1px 0 rgba(255,255,255,.06);backdrop-filter:blur(10px);-webkit-backdrop-filter:blur(10px)}
.dl-panel::before,.dl-panel::after{content:"";position:absolute;width:22px;height:22px;border:2px solid var(--accent)}
.dl-panel::before{left:-1px;top:-1px;border-right:0;border-bottom:0}
.dl-panel::after{right:-1px;bottom:-1px;border-left:0;border-top:0}
.dl-panel .dl-main{flex:1}
.dl-panel .dl-qr{padding-left:24px;border-left:1px solid var(--line)}
.intro{padding-top:120px}
.intro-body{position:relative;padding:44px 64px 48px;border:1px solid var(--line);background:radial-gradient(ellipse at 50% 0,color-mix(in srgb,var(--accent) 12%,transparent),transparent 70%)}
.intro-body::before,.intro-body::after{content:"";position:absolute;left:50%;width:10px;height:10px;margin-left:-5px;transform:rotate(45deg);background:var(--accent)}
.intro-body::before{top:-6px}
.intro-body::after{bottom:-6px}
.intro-text{text-align:center}
.st{margin-bottom:56px}
.st-en{position:absolute;top:50%;left:50%;transform:translate(-50%,-72%);margin:0;font-size:clamp(44px,6vw,84px);font-weight:900;letter-spacing:.12em;color:var(--text);opacity:.06;white-space:nowrap;pointer-events:none}
.st-title{position:relative}
.st::after{width:120px;height:10px;background:radial-gradient(circle,var(--accent) 3px,transparent 3.5px) center/10px 10px no-repeat,linear-gradient(90deg,transparent,var(--accent) 45%,transparent 45% 55%,var(--accent) 55%,transparent) center/100% 1px no-repeat}
@media (max-width:900px){
  .nav{background:color-mix(in srgb,var(--bg) 92%,transparent)}
  .nav-links{justify-content:flex-start}
  .hero-trailer{right:16px;bottom:16px}
  .hero.align-left .hero-trailer{left:auto;right:16px;transform:none}
  .dock,.dock.align-left{width:calc(100% - 32px);margin-top:16px}
  .dl-panel{padding:20px 16px}
  .dl-panel .dl-qr{padding-left:0;border-left:0}
  .intro{padding-top:56px}
  .intro-body{padding:28px 18px 30px}
  .intro-text{text-align:left}
}
`;
