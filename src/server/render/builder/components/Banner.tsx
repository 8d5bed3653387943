/**
 * The first screen: the banner picture (generated in the banner tab or uploaded) with the logo,
 * the titles, the call to action and, when the user gave one, a trailer link. The page's only h1
 * is the main title.
 */
import type { ReactNode } from 'react';
import { Fd } from '../../site/blocks/Display';
import { TrailerLink } from '../../site/blocks/Hero';
import { bannerKeys } from '../definitions/banner';
import { LOGO_KEY } from '../fields';
import type { FieldReader } from '../plan';
import type { BannerDefinition } from '../types';
import type { SiteFrame } from './frame';
import { Picture, SHOWN } from '../../site/blocks/Picture';

export function Banner({ def, f, site }: { def: BannerDefinition; f: FieldReader; site: SiteFrame }): ReactNode {
  const { layout, finish } = def.design;
  const k = bannerKeys;
  const title = f.text(k.title).trim() || site.name;
  return (
    <section id="top" className={`bn bn-${layout} bn-${finish}`}>
      <div className="bn-media">
        <Picture className="bn-pic" src={f.image(k.banner)} alt="" shown={SHOWN.full} first />
        <div className="bn-shade" aria-hidden="true" />
      </div>
      <div className="bn-in">
        <div className="bn-copy">
          <Picture className="bn-logo" src={f.image(LOGO_KEY)} alt={site.name} shown={SHOWN.bigLogo} />
          <Fd as="h1" className="bn-title">
            {title}
          </Fd>
          {f.text(k.subtitle).trim() && <p className="bn-sub">{f.text(k.subtitle)}</p>}
          <div className="bn-actions">
            {f.text(k.buttonText).trim() && f.link(k.buttonLink) && (
              <a className="btn btn-accent bn-btn" href={f.link(k.buttonLink) ?? undefined}>
                <Fd>{f.text(k.buttonText)}</Fd>
              </a>
            )}
            <TrailerLink href={f.httpUrl(k.video)} />
          </div>
        </div>
      </div>
      <a className="bn-next" href="#content" aria-label="向下浏览">
        <i />
      </a>
    </section>
  );
}

export const bannerCss = `
.bn{position:relative;display:flex;min-height:max(560px,min(100vh,56.25vw));color:#fff;isolation:isolate;overflow:hidden;background:#000}
.bn-media{position:absolute;inset:0;z-index:-1}
.bn-pic{width:100%;height:100%;object-fit:cover;animation:bn-drift 24s ease-in-out infinite alternate}
.bn-shade{position:absolute;inset:0}
.bn-in{display:flex;width:min(1200px,100% - 48px);margin-inline:auto;padding:calc(var(--hd-h,68px) + 40px) 0 96px}
.bn-copy{display:flex;flex-direction:column;gap:16px;max-width:560px}
.bn-logo{--mw:min(440px,80vw);--mh:220px;width:min(var(--w),var(--mw),calc(var(--mh) * var(--ar)));max-width:var(--mw);max-height:var(--mh);height:auto;object-fit:contain;filter:drop-shadow(0 10px 24px rgba(0,0,0,.55))}
.bn-title{margin:0;font-size:clamp(30px,4vw,56px);line-height:1.15;text-shadow:0 4px 18px rgba(0,0,0,.6)}
.bn-sub{margin:0;font-size:clamp(15px,1.4vw,20px);letter-spacing:.08em;opacity:.92;text-shadow:0 2px 10px rgba(0,0,0,.6)}
.bn-actions{display:flex;flex-wrap:wrap;align-items:center;gap:24px;margin-top:8px}
.bn-btn{height:52px;padding:0 36px;font-size:18px}
.bn-next{position:absolute;left:50%;bottom:22px;width:28px;height:44px;margin-left:-14px;border:2px solid rgba(255,255,255,.7);border-radius:14px}
.bn-next i{position:absolute;left:50%;top:8px;width:4px;height:8px;margin-left:-2px;border-radius:2px;background:#fff;animation:bn-wheel 1.8s ease-in-out infinite}
@keyframes bn-drift{from{transform:scale(1.02)}to{transform:scale(1.1) translateX(-1.5%)}}
@keyframes bn-wheel{0%{transform:translateY(0);opacity:1}80%{transform:translateY(14px);opacity:0}100%{opacity:0}}
/* arrangements */
.bn-center .bn-in{align-items:center;justify-content:center;text-align:center}
.bn-center .bn-copy{align-items:center;max-width:760px}
.bn-left .bn-in{align-items:center}
.bn-right .bn-in{align-items:center;justify-content:flex-end}
.bn-right .bn-copy{align-items:flex-end;text-align:right}
.bn-bottom .bn-in{align-items:flex-end;justify-content:center;text-align:center;padding-bottom:88px}
.bn-bottom .bn-copy{align-items:center;max-width:900px}
.bn-bottom .bn-logo{--mw:min(560px,86vw);--mh:260px}
.bn-split{background:var(--bg);color:var(--text)}
.bn-split .bn-media{left:42%;clip-path:polygon(14% 0,100% 0,100% 100%,0 100%)}
.bn-split .bn-in{align-items:center}
.bn-split .bn-copy{max-width:40%}
.bn-split .bn-title,.bn-split .bn-sub{text-shadow:none}
.bn-split .bn-title{color:var(--accent-ink);font-size:clamp(28px,3.2vw,46px)}
/* A clear navigation bar has the page's own background behind it here, not the picture: it takes the page's colours. */
.built:has(.bn-split,.bn-framed) .hd-glass:not(.is-scrolled){background:color-mix(in srgb,var(--bg) 80%,transparent);color:var(--text)}
.bn-split .bn-next{border-color:var(--line)}
.bn-split .bn-next i{background:var(--accent)}
.bn-split .trailer{color:var(--text)}
.bn-framed{background:var(--bg);padding:calc(var(--hd-h,68px) + 16px) 24px 24px}
.bn-framed .bn-media{inset:calc(var(--hd-h,68px) + 16px) 24px 24px;overflow:hidden;border-radius:calc(var(--radius) * 1.5);box-shadow:0 30px 60px -30px rgba(0,0,0,.8)}
.bn-framed .bn-in{align-items:flex-end;padding:40px 0 64px}
.bn-framed .bn-copy{padding:28px 32px;border:1px solid rgba(255,255,255,.22);border-radius:var(--radius);background:rgba(0,0,0,.42);backdrop-filter:blur(8px)}
/* finishes */
.bn-fade .bn-shade{background:linear-gradient(180deg,rgba(0,0,0,.45) 0,transparent 30%,transparent 60%,rgba(0,0,0,.55) 100%)}
.bn-left.bn-fade .bn-shade{background:linear-gradient(90deg,rgba(0,0,0,.7),rgba(0,0,0,.2) 55%,transparent),linear-gradient(180deg,rgba(0,0,0,.4),transparent 30%)}
.bn-right.bn-fade .bn-shade{background:linear-gradient(270deg,rgba(0,0,0,.7),rgba(0,0,0,.2) 55%,transparent),linear-gradient(180deg,rgba(0,0,0,.4),transparent 30%)}
.bn-bottom.bn-fade .bn-shade{background:linear-gradient(0deg,var(--bg) 0,rgba(0,0,0,.55) 28%,transparent 60%)}
.bn-tint .bn-shade{background:linear-gradient(120deg,color-mix(in srgb,var(--accent2) 55%,transparent),transparent 55%),linear-gradient(0deg,color-mix(in srgb,var(--bg) 85%,transparent),transparent 45%),rgba(0,0,0,.22)}
.bn-right.bn-tint .bn-shade{background:linear-gradient(240deg,color-mix(in srgb,var(--accent2) 60%,transparent),transparent 60%),linear-gradient(0deg,color-mix(in srgb,var(--bg) 85%,transparent),transparent 45%),rgba(0,0,0,.22)}
.bn-ornate .bn-shade{background:radial-gradient(ellipse at 50% 45%,transparent 35%,rgba(0,0,0,.6) 100%),linear-gradient(0deg,rgba(0,0,0,.6),transparent 55%)}
.bn-ornate .bn-shade::before{content:"";position:absolute;inset:calc(var(--hd-h,68px) + 18px) 28px 28px;border:1px solid color-mix(in srgb,var(--accent) 70%,transparent);box-shadow:inset 0 0 0 6px rgba(0,0,0,.12),inset 0 0 0 7px color-mix(in srgb,var(--accent) 35%,transparent)}
/* One diamond on the frame's foot: a row of dots there read as a carousel's pager under a single picture. */
.bn-ornate .bn-shade::after{content:"";position:absolute;left:50%;bottom:23px;width:9px;height:9px;margin-left:-5px;border:1px solid var(--accent);background:var(--bg);transform:rotate(45deg)}
.bn-ornate .bn-title{color:color-mix(in srgb,var(--accent) 40%,#fff)}
.bn-ornate .bn-next{display:none}
.bn-framed.bn-ornate .bn-shade::before{inset:14px}
.bn-split .bn-shade,.bn-split.bn-tint .bn-shade{background:linear-gradient(90deg,color-mix(in srgb,var(--bg) 70%,transparent),transparent 30%)}
@media (max-width:900px){
  .bn{min-height:0;flex-direction:column}
  .bn-media,.bn-split .bn-media{position:relative;left:auto;inset:auto;width:100%;aspect-ratio:16/10;margin-top:var(--hd-h,56px);clip-path:none}
  /* The picture melts into the page where the logo overlaps its foot, and its slow zoom stays inside
     its box: its edge ran hard behind the logo. */
  .bn-media{overflow:hidden}
  .bn:not(.bn-framed) .bn-media::after{content:"";position:absolute;inset:auto 0 0;height:45%;background:linear-gradient(180deg,transparent,var(--bg))}
  .bn-framed .bn-media{inset:auto;margin-top:0;border-radius:var(--radius)}
  .bn-framed{padding:calc(var(--hd-h,56px) + 10px) 10px 10px}
  .bn-in,.bn-bottom .bn-in,.bn-framed .bn-in{width:calc(100% - 32px);padding:0 0 40px;margin-top:-72px;justify-content:center;text-align:center}
  .bn-framed .bn-in{margin-top:-48px}
  .bn-copy,.bn-right .bn-copy,.bn-split .bn-copy{align-items:center;text-align:center;max-width:none}
  .bn-framed .bn-copy{padding:18px;background:var(--surface);border-color:var(--line);backdrop-filter:none}
  .bn-logo,.bn-bottom .bn-logo{--mw:70vw;--mh:140px}
  .bn:not(.bn-split):not(.bn-framed){background:var(--bg)}
  .bn:not(.bn-split) .bn-title{text-shadow:0 2px 10px rgba(0,0,0,.7)}
  .bn-title{font-size:28px}
  .bn-sub{color:var(--text);text-shadow:none;opacity:1}
  .bn:not(.bn-split) .bn-title{color:var(--text);text-shadow:none}
  .bn .trailer{color:var(--text)}
  .bn-btn{height:48px}
  .bn-next,.bn-ornate .bn-shade::before,.bn-ornate .bn-shade::after{display:none}
}
@media (prefers-reduced-motion:reduce){.bn-pic,.bn-next i{animation:none}}
`;
