/**
 * News: a dated list with a featured picture, a row of date cards, or a timeline. The items carry
 * no links (a one-page site has no article pages); the markup is the same for the three, the
 * styles differ.
 */
import type { ReactNode } from 'react';
import type { NewsItem } from '../copy';
import type { NewsStyle } from '../design';
import { Fd } from './Display';
import { SectionTitle } from './SectionTitle';
import { Picture, SHOWN } from './Picture';

/** '2025-06-18' -> { day: '18', month: '2025.06' }; any other text is shown whole. */
export function splitDate(date: string): { day: string; month: string } | null {
  const match = /^(\d{4})[-./年](\d{1,2})[-./月](\d{1,2})日?$/.exec(date.trim());
  return match ? { day: match[3].padStart(2, '0'), month: `${match[1]}.${match[2].padStart(2, '0')}` } : null;
}

export function NewsList({ news, style, feature, index }: { news: NewsItem[]; style: NewsStyle; feature?: string; index?: number }): ReactNode {
  const lead = news[0];
  return (
    <section id="news" className={`sec news news-${style}`}>
      <div className="wrap">
        <SectionTitle title="新闻资讯" en="News" index={index} />
        <div className="news-wrap">
          {style === 'list' && feature && lead && (
            <figure className="news-feature">
              <Picture src={feature} alt={lead.title} shown={SHOWN.half} lazy />
              <figcaption>
                <span className="news-tag">{lead.tag}</span>
                <Fd as="strong">{lead.title}</Fd>
              </figcaption>
            </figure>
          )}
          <ol className="news-items">
            {news.map((item, i) => {
              const date = splitDate(item.date);
              return (
                <li key={i} className="news-item">
                  <time className="news-date">
                    {date ? (
                      <>
                        <b>{date.day}</b>
                        <small>{date.month}</small>
                      </>
                    ) : (
                      <small>{item.date}</small>
                    )}
                  </time>
                  <span className="news-tag">{item.tag}</span>
                  <span className="news-title">{item.title}</span>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}

export const newsCss = `
.news-wrap{display:grid;gap:32px}
.news-items{list-style:none;margin:0;padding:0}
.news-tag{flex:none;display:inline-block;padding:2px 10px;border-radius:calc(var(--radius) / 2);background:var(--accent);color:var(--on-accent);font-size:13px;line-height:1.6}
.news-title{min-width:0}
.news-date b{font-weight:700}
/* list: picture on the left, rows with the date at the end */
.news-list .news-wrap{grid-template-columns:minmax(0,1.15fr) minmax(0,1fr);align-items:stretch}
.news-feature{position:relative;margin:0;overflow:hidden;border-radius:var(--radius);min-height:300px;background:var(--surface)}
.news-feature img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;transition:transform .6s}
.news-feature:hover img{transform:scale(1.04)}
.news-feature figcaption{position:absolute;inset:auto 0 0;display:flex;align-items:center;gap:12px;padding:48px 24px 20px;background:linear-gradient(transparent,rgba(0,0,0,.8));color:#fff;font-size:20px}
.news-list .news-items{display:flex;flex-direction:column;justify-content:center;border-top:2px solid var(--accent)}
.news-list .news-item{display:flex;align-items:center;gap:14px;padding:20px 4px;border-bottom:1px solid var(--line)}
.news-list .news-title{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:17px}
.news-list .news-date{order:3;flex:none;color:var(--muted);font-size:14px}
.news-list .news-date b{font-weight:400}
.news-list .news-date b::after{content:" / "}
.news-list .news-item:hover .news-title{color:var(--accent-ink)}
/* cards: a big day number per card */
.news-cards .news-items{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:20px}
.news-cards .news-item{position:relative;display:flex;flex-direction:column;gap:12px;padding:28px 24px;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);transition:transform .2s,border-color .2s}
.news-cards .news-item:hover{transform:translateY(-4px);border-color:var(--accent)}
.news-cards .news-date{display:flex;align-items:baseline;gap:10px;color:var(--accent-ink)}
.news-cards .news-date b{font-size:44px;line-height:1;font-family:var(--font-display)}
.news-cards .news-date small{color:var(--muted)}
.news-cards .news-tag{align-self:flex-start}
.news-cards .news-title{font-size:17px;line-height:1.6;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
/* timeline: a line with a node per item */
.news-timeline .news-items{position:relative;max-width:860px;margin:0 auto;padding-left:150px}
.news-timeline .news-items::before{content:"";position:absolute;left:118px;top:8px;bottom:8px;width:2px;background:linear-gradient(var(--accent),var(--line))}
.news-timeline .news-item{position:relative;display:flex;align-items:center;gap:14px;padding:18px 0 18px 20px}
.news-timeline .news-item::before{content:"";position:absolute;left:-39px;top:50%;width:14px;height:14px;margin-top:-7px;border-radius:50%;background:var(--bg);border:3px solid var(--accent)}
.news-timeline .news-date{position:absolute;left:-150px;width:96px;text-align:right;display:flex;flex-direction:column;line-height:1.2;color:var(--muted)}
.news-timeline .news-date b{font-size:26px;color:var(--text);font-family:var(--font-display)}
.news-timeline .news-title{font-size:18px}
@media (max-width:900px){
  .news-list .news-wrap{grid-template-columns:1fr}
  .news-feature{min-height:200px;aspect-ratio:16/9}
  .news-cards .news-items{grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
  .news-cards .news-item{padding:18px 16px}
  .news-cards .news-date b{font-size:32px}
  /* The date ends 5px short of its node, and the line runs through the nodes' centres (at the item's left - 32px). */
  .news-timeline .news-items{padding-left:100px}
  .news-timeline .news-items::before{left:67px}
  .news-timeline .news-date{left:-100px;width:56px}
  .news-timeline .news-date b{font-size:20px}
  .news-timeline .news-item{flex-direction:column;align-items:flex-start;gap:6px}
  .news-timeline .news-title{font-size:16px}
}
@media (max-width:520px){
  .news-cards .news-items{grid-template-columns:1fr}
  .news-list .news-item{flex-wrap:wrap;gap:6px 10px;padding:14px 2px}
  .news-list .news-title{flex-basis:100%;order:2;white-space:normal}
  .news-list .news-date{order:1;margin-left:auto}
}
`;
