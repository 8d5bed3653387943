/**
 * The magazine: a light bar, the video cut on a diagonal, the slogan on a vertical ribbon, a
 * download card floating over the cut, the characters first and large, then a dated timeline,
 * features and the gallery, with soft rounded cards and the theme's pastel accents.
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
import { Phrases } from '../blocks/Phrases';
import { NewsList } from '../blocks/NewsList';
import { Roles } from '../blocks/Roles';
import type { PageProps } from '../blocks/types';

export function AnimePage({ content, design }: PageProps): ReactNode {
  const side = design.heroAlign === 'right' ? 'right' : 'left';
  return (
    <>
      <Nav content={content} />
      <main>
        <Hero content={content} className={`cut cut-${side}`}>
          <div className="ribbon-v">
            <h1>
              <Phrases text={content.slogan} className="ribbon-line" />
            </h1>
          </div>
          <div className="hero-trailer">
            <TrailerButton content={content} />
          </div>
        </Hero>
        {hasDownloads(content) && (
          <div className={`float float-${side}`}>
            <DownloadButtons content={content} withLogo />
          </div>
        )}
        {design.roles && <Roles roles={content.roles} style={design.roles} />}
        <Intro content={content} withLogo={false} heading="name" />
        <NewsList news={content.news} style={design.news} feature={content.gallery[1]} />
        <Features features={content.features} style={design.features} />
        <Gallery images={content.gallery} name={content.name} style={design.gallery} />
      </main>
      <ComplianceFooter content={content} />
    </>
  );
}

export const animeCss = `
.nav{background:color-mix(in srgb,var(--surface) 88%,transparent);color:var(--text);box-shadow:0 1px 0 var(--line);backdrop-filter:blur(12px);-webkit-backdrop-filter:blur(12px)}
.nav-in{height:64px}
.nav-logo img{filter:none;--mh:48px}
.nav-links{justify-content:flex-end}
.nav-links a{padding:8px 14px}
.nav-links a::after{content:"";position:absolute;left:14px;right:14px;bottom:2px;height:6px;border-radius:3px;background:var(--accent);opacity:.35;transform:scaleX(0);transform-origin:left;transition:transform .25s}
.nav-links a:hover::after{transform:scaleX(1)}
.nav-links a:hover{color:inherit}
.nav-en{color:var(--accent-ink);opacity:.8}
.nav-cta,.btn{border-radius:999px}
.music{background:var(--bg2);border:0}
.hero.cut{padding-top:64px;background:var(--bg)}
.cut .hero-media{clip-path:polygon(0 0,100% 0,100% 86%,0 100%)}
.cut-right .hero-media{clip-path:polygon(0 0,100% 0,100% 100%,0 86%)}
.cut .hero-fx{background:linear-gradient(180deg,transparent 60%,rgba(0,0,0,.25))}
.cut::after{content:"";position:absolute;left:0;right:0;bottom:-1px;height:14%;background:linear-gradient(var(--accent),var(--accent2));clip-path:polygon(0 100%,100% 0,100% 14%,0 100%);opacity:.9}
.cut-right::after{clip-path:polygon(0 0,100% 100%,0 100%,0 14%)}
.ribbon-v{position:absolute;top:calc(64px + 6%);right:4%;z-index:2;padding:22px 12px;background:var(--accent);color:var(--on-accent);box-shadow:8px 8px 0 color-mix(in srgb,var(--accent2) 80%,transparent)}
.cut-right .ribbon-v{right:auto;left:4%}
/* Kept above the banner's own headline, which sits at about 60 % of the video's height: long slogans wrap into a second column. */
.ribbon-v h1{display:flex;flex-direction:row-reverse;align-items:flex-start;gap:.35em;margin:0;font-weight:normal;font-size:clamp(22px,2.2vw,32px);line-height:1.4;letter-spacing:.2em}
.ribbon-line{writing-mode:vertical-rl;max-height:max(200px,calc(28vw - 110px))}
.ribbon-line:nth-child(2){margin-top:1.4em}
.ribbon-v::after{content:"";position:absolute;left:0;right:0;bottom:-18px;height:18px;background:var(--accent);clip-path:polygon(0 0,100% 0,100% 100%,50% 30%,0 100%)}
.hero-trailer{position:absolute;left:5%;bottom:26%;z-index:2}
.cut-right .hero-trailer{left:auto;right:5%}
.float{position:relative;z-index:3;width:min(1200px,100% - 48px);margin:-150px auto 0;display:flex}
.float-left{justify-content:flex-start}
.float-right{justify-content:flex-end}
.float .dl{flex-wrap:wrap;max-width:720px;padding:24px 28px;border-radius:calc(var(--radius) + 8px);background:var(--surface);box-shadow:0 24px 48px -20px rgba(0,0,0,.35);border:1px solid var(--line)}
.float .dl-logo{width:100%;max-height:110px;margin:-72px 0 0;object-position:left center}
.float-right .dl-logo{object-position:right center}
.float .dl-main{flex:1}
.float .dl-btn{border-radius:999px;background:var(--bg2);border:0}
.float .dl-btn:hover{background:var(--accent)}
.float .dl-qr img{border:2px solid var(--line)}
.roles{padding-top:72px}
.st{align-items:flex-start;text-align:left}
.st-title{position:relative;padding-left:22px}
.st-title::before{content:"";position:absolute;left:0;top:12%;bottom:12%;width:8px;border-radius:4px;background:linear-gradient(var(--accent),var(--accent2))}
.st-en{padding-left:22px;font-style:italic;font-weight:700;letter-spacing:.25em}
.st::after{display:none}
.roles-showcase .roles-list{gap:0}
.roles-showcase .role{border-radius:0;margin-left:-28px;clip-path:polygon(56px 0,100% 0,calc(100% - 56px) 100%,0 100%)}
.roles-showcase .role:first-child{margin-left:0;clip-path:polygon(0 0,100% 0,calc(100% - 56px) 100%,0 100%)}
.roles-showcase .role:last-child{clip-path:polygon(56px 0,100% 0,100% 100%,0 100%)}
.roles-showcase .role-body{padding-left:48px}
.roles-showcase .role-name{right:44px}
.roles-showcase .role:last-child .role-name{right:18px}
.roles-cards .role{border-radius:calc(var(--radius) + 10px)}
.news-tag{border-radius:999px;background:color-mix(in srgb,var(--accent) 16%,transparent);color:var(--accent-ink);font-weight:700}
.gal-item,.feat-img,.news-feature{border-radius:calc(var(--radius) + 6px)}
@media (max-width:900px){
  .hero.cut{padding-top:56px}
  .cut::after{display:none}
  .ribbon-v,.cut-right .ribbon-v{position:relative;top:auto;left:auto;right:auto;margin:-8px 16px 0;padding:10px 16px;box-shadow:5px 5px 0 color-mix(in srgb,var(--accent2) 80%,transparent)}
  .ribbon-v h1{flex-direction:row;flex-wrap:wrap;justify-content:center;gap:0 .8em;font-size:18px;letter-spacing:.1em}
  .ribbon-line{writing-mode:horizontal-tb;max-height:none}
  .ribbon-line:nth-child(n){margin-top:0}
  .ribbon-v::after{display:none}
  .float{margin-top:20px}
  .hero-trailer,.cut-right .hero-trailer{top:72px;bottom:auto;left:auto;right:12px}
  .float{width:calc(100% - 32px)}
  .float .dl{width:100%;max-width:none;padding:20px 16px}
  .float .dl-logo{margin:0 auto;object-position:center}
  .roles-showcase .roles-list{gap:10px}
  .roles-showcase .role,.roles-showcase .role:first-child,.roles-showcase .role:last-child{margin:0;clip-path:none;border-radius:var(--radius)}
  .roles-showcase .role-body{padding-left:12px}
}
`;
