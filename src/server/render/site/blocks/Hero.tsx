/**
 * The first screen: the generated banner's poster as the first paint (a picture sized to the
 * screen, fetched first), the banner video over it once the page has loaded (site.js sets its
 * source then, so its megabytes never hold up the first view, and a narrow screen gets the phone
 * copy; a phone held upright the phone cut, poster and video, in a hero as tall as it; muted,
 * looped, inline, shown when it plays), a layer of the family's effects, and the
 * family's overlay.
 */
import type { ReactNode } from 'react';
import type { SiteContent } from '../content';
import { Fd } from './Display';
import { PlayIcon } from './Icons';
import { Picture, PictureSource, SHOWN } from './Picture';

/** A phone held upright: the hero is as tall as the phone cut, which it shows. */
const UPRIGHT_PHONE = '(max-width: 900px) and (orientation: portrait)';

export function Hero({ content, className = '', children }: { content: SiteContent; className?: string; children?: ReactNode }): ReactNode {
  const { portrait } = content.assets;
  const poster = <Picture className="hero-poster" src={content.assets.poster} alt="" shown={SHOWN.full} first />;
  return (
    <section id="top" className={`hero ${portrait ? 'has-portrait ' : ''}${className}`.trim()}>
      <div className="hero-media">
        {portrait ? (
          <picture>
            <PictureSource src={portrait.poster} media={UPRIGHT_PHONE} shown={SHOWN.full} />
            {poster}
          </picture>
        ) : (
          poster
        )}
        <video
          className="hero-video"
          data-banner=""
          data-src={content.assets.video}
          data-src-phone={content.assets.videoPhone}
          data-src-portrait={portrait?.video}
          muted
          loop
          playsInline
          preload="none"
          aria-label={`${content.name} 宣传动画`}
        />
        <div className="hero-fx" aria-hidden="true" />
      </div>
      {children}
    </section>
  );
}

/** The trailer button: only when the user gave an http(s) link; it opens in a new tab. */
export function TrailerButton({ content }: { content: SiteContent }): ReactNode {
  return <TrailerLink href={content.trailer} />;
}

/** A play button linking to `href` (an http(s) link already checked), or nothing for null. */
export function TrailerLink({ href }: { href: string | null }): ReactNode {
  if (!href) return null;
  return (
    <a className="trailer" href={href} target="_blank" rel="noopener noreferrer">
      <span className="trailer-ring">
        <PlayIcon />
      </span>
      <Fd className="trailer-label">观看视频</Fd>
    </a>
  );
}

export const heroCss = `
.hero{position:relative;background:#000;color:#fff;isolation:isolate}
.hero-media{position:relative;width:100%;aspect-ratio:16/9;max-height:100vh;min-height:320px;overflow:hidden}
.hero-poster,.hero-video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hero-video{opacity:0;transition:opacity .6s}
.hero-video.is-playing{opacity:1}
.hero-video[hidden]{display:none}
.hero-play{position:absolute;left:50%;top:50%;z-index:3;width:64px;height:64px;margin:-32px 0 0 -32px;padding:0;border:2px solid rgba(255,255,255,.85);border-radius:50%;background:rgba(0,0,0,.45);cursor:pointer}
.hero-play::after{content:"";position:absolute;left:24px;top:18px;border-style:solid;border-width:12px 0 12px 20px;border-color:transparent transparent transparent #fff}
.hero-fx{position:absolute;inset:0;pointer-events:none;background:linear-gradient(180deg,rgba(0,0,0,.55) 0,transparent 22%,transparent 70%,var(--bg) 100%)}
.trailer{display:inline-flex;align-items:center;gap:12px;color:#fff}
.trailer-ring{position:relative;display:grid;place-items:center;width:64px;height:64px;border-radius:50%;border:2px solid rgba(255,255,255,.85);background:rgba(0,0,0,.35);backdrop-filter:blur(4px)}
.trailer-ring::after{content:"";position:absolute;inset:-8px;border-radius:50%;border:1px solid rgba(255,255,255,.4);animation:pulse 2.4s ease-out infinite}
.trailer-ring .ico{width:26px;height:26px;margin-left:4px}
.trailer-label{font-size:18px;letter-spacing:.12em;text-shadow:0 2px 8px rgba(0,0,0,.6)}
@keyframes pulse{from{transform:scale(.9);opacity:1}to{transform:scale(1.35);opacity:0}}
@media (max-width:900px){.hero{padding-top:56px;background:var(--bg)}.hero-media{min-height:0;max-height:none}.trailer-ring{width:48px;height:48px}.trailer-ring .ico{width:20px;height:20px}}
@media (max-width:900px) and (orientation:portrait){.hero.has-portrait .hero-media{aspect-ratio:9/16;max-height:86vh}}
@media (prefers-reduced-motion:reduce){.trailer-ring::after{animation:none}}
`;
