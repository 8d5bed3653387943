/**
 * The toy box: a floating pill navigation, the video inside a chunky rounded screen with the logo
 * stuck on its corner like a sticker, a ribbon slogan, big pill download buttons, wavy section
 * edges and cards with solid drop shadows.
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
import { NewsList } from '../blocks/NewsList';
import { Roles } from '../blocks/Roles';
import type { PageProps } from '../blocks/types';
import { Picture, SHOWN } from '../blocks/Picture';

function Wave({ className }: { className: string }): ReactNode {
  return (
    <svg className={`wave ${className}`} viewBox="0 0 1440 80" preserveAspectRatio="none" aria-hidden="true">
      <path d="M0 40c120-30 240-30 360 0s240 30 360 0 240-30 360 0 240 30 360 0v40H0z" />
    </svg>
  );
}

export function CartoonPage({ content, design }: PageProps): ReactNode {
  return (
    <>
      <Nav content={content} />
      <main>
        <div className="playground">
          <div className="screen">
            <Hero content={content} />
            <Picture className="sticker" src={content.assets.logo} alt={content.name} shown={SHOWN.barLogo} />
            <div className="screen-trailer">
              <TrailerButton content={content} />
            </div>
          </div>
          <Fd as="h1" className="ribbon">
            {content.slogan}
          </Fd>
          <DownloadButtons content={content} className="dl-pills" />
          <Wave className="wave-bottom" />
        </div>
        <Intro content={content} withLogo={false} heading="name" />
        {design.roles && <Roles roles={content.roles} style={design.roles} />}
        <Features features={content.features} style={design.features} />
        <NewsList news={content.news} style={design.news} feature={content.gallery[3]} />
        <Gallery images={content.gallery} name={content.name} style={design.gallery} />
      </main>
      <ComplianceFooter content={content} />
    </>
  );
}

export const cartoonCss = `
.nav{top:14px;left:50%;right:auto;width:min(1200px,100% - 32px);transform:translateX(-50%);border-radius:999px;background:var(--surface);color:var(--text);box-shadow:0 6px 0 color-mix(in srgb,var(--accent) 55%,#000),0 14px 30px -10px rgba(0,0,0,.35)}
.nav-in{width:100%;height:64px;padding:0 10px 0 24px;gap:16px}
.nav-logo img{--mh:48px;filter:none}
.nav-links{justify-content:center}
.nav-links a{padding:8px 14px;border-radius:999px;transition:background .2s,color .2s}
.nav-links a:hover{background:var(--accent);color:var(--on-accent)}
.nav-en{display:none}
.nav-cta,.btn{border-radius:999px}
.nav-cta{height:46px;box-shadow:0 4px 0 color-mix(in srgb,var(--accent) 60%,#000)}
.music{background:var(--bg2);border:0}
.playground{position:relative;padding:150px 0 120px;background:radial-gradient(circle at 15% 25%,color-mix(in srgb,var(--accent2) 55%,transparent),transparent 40%),radial-gradient(circle at 85% 70%,color-mix(in srgb,var(--accent) 40%,transparent),transparent 45%),var(--bg2);text-align:center;overflow:hidden}
.playground::before{content:"";position:absolute;inset:0;background:radial-gradient(rgba(255,255,255,.5) 3px,transparent 3.5px) 0 0/36px 36px;opacity:.55;pointer-events:none}
.screen{position:relative;width:min(1040px,100% - 48px);margin:0 auto;border:10px solid #fff;border-radius:36px;box-shadow:0 14px 0 color-mix(in srgb,var(--accent) 60%,#000),0 30px 60px -20px rgba(0,0,0,.4);background:#fff;transform:rotate(-.6deg)}
.screen .hero{border-radius:26px;overflow:hidden}
.screen .hero-media{min-height:0}
.screen .hero-fx{background:none}
.sticker{position:absolute;left:-40px;top:-54px;width:250px;max-height:160px;object-fit:contain;transform:rotate(-8deg);filter:drop-shadow(0 6px 0 rgba(0,0,0,.18));animation:bob 3s ease-in-out infinite}
.screen-trailer{position:absolute;right:24px;bottom:24px}
@keyframes bob{50%{transform:rotate(-5deg) translateY(-8px)}}
.ribbon{position:relative;display:inline-block;margin:44px auto 28px;padding:12px 56px;background:var(--accent);color:var(--on-accent);font-size:clamp(22px,2.6vw,34px);line-height:1.3;border-radius:12px;box-shadow:0 6px 0 color-mix(in srgb,var(--accent) 60%,#000);transform:rotate(-1deg)}
.ribbon::before,.ribbon::after{content:"";position:absolute;top:14px;width:40px;height:100%;background:color-mix(in srgb,var(--accent) 70%,#000);z-index:-1}
.ribbon::before{left:-26px;clip-path:polygon(0 0,100% 0,100% 100%,0 100%,35% 50%)}
.ribbon::after{right:-26px;clip-path:polygon(0 0,100% 0,65% 50%,100% 100%,0 100%)}
.dl-pills{justify-content:center;width:min(980px,100% - 48px);margin:0 auto;padding:20px 28px;border-radius:32px;background:var(--surface);box-shadow:0 8px 0 rgba(0,0,0,.08)}
.dl-pills .dl-note{color:var(--text)}
.dl-pills .dl-btn{height:60px;border-radius:999px;border:0;background:var(--accent);color:var(--on-accent);box-shadow:0 5px 0 color-mix(in srgb,var(--accent) 60%,#000)}
.dl-pills .dl-btn:nth-child(2){background:var(--accent2);color:var(--text);box-shadow:0 5px 0 color-mix(in srgb,var(--accent2) 60%,#000)}
.dl-pills .dl-btn:hover{transform:translateY(2px);box-shadow:0 3px 0 color-mix(in srgb,var(--accent) 60%,#000)}
.dl-pills .dl-qr img{border:4px solid var(--accent);border-radius:18px}
.wave{position:absolute;left:0;width:100%;height:60px;fill:var(--bg)}
.wave-bottom{bottom:-1px}
.sec:nth-of-type(even){background:var(--bg2)}
.st-title{display:inline-block;padding:8px 36px;border-radius:999px;background:var(--surface);box-shadow:0 5px 0 color-mix(in srgb,var(--accent) 50%,#000)}
.st-en{order:-1;margin:0 0 10px;font-weight:700}
.st::after{display:none}
.feats-cards .feat,.news-cards .news-item,.roles-cards .role,.gal-item{border:3px solid #fff;box-shadow:0 8px 0 color-mix(in srgb,var(--accent) 35%,transparent)}
.feats-cards .feat:nth-child(odd){transform:rotate(-1deg)}
.feats-cards .feat:nth-child(even){transform:rotate(1deg)}
.feats-cards .feat:hover{transform:rotate(0) translateY(-6px)}
.roles-cards .role{border-radius:28px}
.roles-cards .role-body{background:linear-gradient(transparent,color-mix(in srgb,var(--accent) 85%,#000))}
.gal-item:nth-child(odd){transform:rotate(-1.2deg)}
.gal-item:nth-child(even){transform:rotate(1.2deg)}
.news-tag{border-radius:999px}
.foot{border-top:0;border-radius:40px 40px 0 0}
@media (max-width:900px){
  .nav{top:8px;width:calc(100% - 16px)}
  .nav-in{height:52px;padding:0 6px 0 14px}
  .playground{padding:108px 0 72px}
  .screen{width:calc(100% - 24px);border-width:6px;border-radius:22px}
  .screen .hero{padding-top:0;border-radius:16px}
  .sticker{left:-6px;top:-34px;width:120px;max-height:76px}
  .ribbon{margin:32px 28px 20px;padding:10px 20px}
  .dl-pills{width:calc(100% - 24px);padding:18px 16px}
}
`;
