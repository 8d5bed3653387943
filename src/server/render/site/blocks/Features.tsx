/**
 * Game features: picture, number, title and text. 'rows' alternates picture and text,
 * 'cards' sets them side by side, 'timeline' strings them along a centre line.
 */
import type { ReactNode } from 'react';
import type { Feature } from '../content';
import type { FeatureStyle } from '../design';
import { Fd } from './Display';
import { SectionTitle } from './SectionTitle';
import { Picture, SHOWN } from './Picture';

export function Features({ features, style, index }: { features: Feature[]; style: FeatureStyle; index?: number }): ReactNode {
  return (
    <section id="features" className={`sec feats feats-${style}`}>
      <div className="wrap">
        <SectionTitle title="游戏特色" en="Features" index={index} />
        <div className="feats-list">
          {features.map((feature, i) => (
            <article key={i} className="feat">
              <div className="feat-img">
                <Picture src={feature.image} alt={feature.title} shown={SHOWN.half} lazy />
              </div>
              <div className="feat-body">
                <span className="feat-no" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <Fd as="h3" className="feat-title">
                  {feature.title}
                </Fd>
                <p className="feat-desc">{feature.desc}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export const featuresCss = `
.feat{position:relative}
.feat-img{overflow:hidden;border-radius:var(--radius);background:var(--surface);aspect-ratio:16/9}
.feat-img img{width:100%;height:100%;object-fit:cover;transition:transform .6s}
.feat:hover .feat-img img{transform:scale(1.05)}
.feat-no{display:block;font-family:var(--font-display);font-size:56px;line-height:1;color:transparent;-webkit-text-stroke:1px var(--accent);opacity:.9}
.feat-title{margin:8px 0 12px;font-size:28px;line-height:1.3;color:var(--text)}
.feat-desc{margin:0;color:var(--muted);font-size:16px}
/* rows */
.feats-rows .feats-list{display:flex;flex-direction:column;gap:72px}
.feats-rows .feat{display:grid;grid-template-columns:minmax(0,1.35fr) minmax(0,1fr);gap:56px;align-items:center}
.feats-rows .feat:nth-child(even) .feat-img{order:2}
.feats-rows .feat-img{box-shadow:0 24px 48px -24px rgba(0,0,0,.55);outline:1px solid var(--line);outline-offset:10px}
/* cards */
.feats-cards .feats-list{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:28px}
.feats-cards .feat{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);overflow:hidden;transition:transform .25s,box-shadow .25s}
.feats-cards .feat:hover{transform:translateY(-6px);box-shadow:0 20px 40px -20px rgba(0,0,0,.5)}
.feats-cards .feat-img{border-radius:0}
.feats-cards .feat-body{position:relative;padding:24px 26px 30px}
.feats-cards .feat-no{position:absolute;right:20px;top:-30px;font-size:64px;-webkit-text-stroke:0;color:var(--accent-ink);text-shadow:0 4px 12px rgba(0,0,0,.4)}
.feats-cards .feat-title{margin-top:0;font-size:24px}
/* timeline */
.feats-timeline .feats-list{position:relative;display:flex;flex-direction:column;gap:56px}
.feats-timeline .feats-list::before{content:"";position:absolute;left:50%;top:0;bottom:0;width:2px;margin-left:-1px;background:linear-gradient(var(--line),var(--accent),var(--line))}
.feats-timeline .feat{display:grid;grid-template-columns:1fr 1fr;gap:80px;align-items:center}
.feats-timeline .feat::after{content:"";position:absolute;left:50%;top:50%;width:18px;height:18px;margin:-9px 0 0 -9px;transform:rotate(45deg);background:var(--accent);box-shadow:0 0 0 6px var(--bg)}
.feats-timeline .feat:nth-child(even) .feat-img{order:2}
.feats-timeline .feat:nth-child(odd) .feat-body{text-align:left}
.feats-timeline .feat:nth-child(even) .feat-body{text-align:right}
@media (max-width:900px){
  .feats-rows .feats-list{gap:40px}
  .feats-rows .feat,.feats-timeline .feat{grid-template-columns:1fr;gap:18px}
  .feats-rows .feat:nth-child(even) .feat-img,.feats-timeline .feat:nth-child(even) .feat-img{order:0}
  .feats-cards .feats-list{grid-template-columns:1fr;gap:20px}
  .feats-timeline .feats-list{padding-left:28px;gap:36px}
  .feats-timeline .feats-list::before{left:8px}
  .feats-timeline .feat::after{left:-20px;top:24px}
  .feats-timeline .feat:nth-child(even) .feat-body{text-align:left}
  .feat-title{font-size:22px}
  .feat-no{font-size:40px}
}
`;
