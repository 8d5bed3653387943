/**
 * Screenshots: a grid, a horizontal strip that scrolls with snap points, or a mosaic with one large
 * picture. Each opens full size in a new tab (a link to the file in the site folder).
 */
import type { ReactNode } from 'react';
import type { GalleryStyle } from '../design';
import { SectionTitle } from './SectionTitle';
import { Picture, SHOWN, useFullPicture } from './Picture';

export function Gallery({ images, name, style, index }: { images: string[]; name: string; style: GalleryStyle; index?: number }): ReactNode {
  return (
    <section id="gallery" className={`sec gal gal-${style}`}>
      <div className="wrap">
        <SectionTitle title="精彩截图" en="Gallery" index={index} />
        <ul className="gal-list">
          {images.map((src, i) => (
            <GalleryItem key={i} src={src} alt={`${name} 游戏截图 ${i + 1}`} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function GalleryItem({ src, alt }: { src: string; alt: string }): ReactNode {
  return (
    <li className="gal-item">
      <a href={useFullPicture(src)} target="_blank" rel="noopener">
        <Picture src={src} alt={alt} shown={SHOWN.half} lazy />
      </a>
    </li>
  );
}

export const galleryCss = `
.gal-list{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.gal-item{overflow:hidden;border-radius:var(--radius);background:var(--surface)}
.gal-item a{display:block;height:100%}
.gal-item img{width:100%;height:100%;aspect-ratio:16/9;object-fit:cover;transition:transform .6s,filter .3s}
.gal-item:hover img{transform:scale(1.05);filter:brightness(1.1)}
.gal-grid .gal-list{grid-template-columns:repeat(2,minmax(0,1fr));gap:20px}
.gal-mosaic .gal-list{grid-template-columns:2fr 1fr;grid-template-rows:repeat(3,minmax(0,1fr));aspect-ratio:16/8.2}
.gal-mosaic .gal-item:first-child{grid-row:1/4}
.gal-mosaic .gal-item img{aspect-ratio:auto}
.gal-strip .gal-list{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;padding-bottom:14px;scrollbar-color:var(--accent) transparent}
.gal-strip .gal-item{flex:0 0 min(62%,720px);scroll-snap-align:center}
@media (max-width:700px){
  .gal-grid .gal-list{grid-template-columns:1fr;gap:12px}
  .gal-mosaic .gal-list{grid-template-columns:1fr 1fr;grid-template-rows:auto;aspect-ratio:auto}
  .gal-mosaic .gal-item:first-child{grid-row:auto;grid-column:1/3}
  .gal-mosaic .gal-item img{aspect-ratio:16/9}
  .gal-mosaic .gal-item:last-child:nth-child(even){grid-column:1/3}
  .gal-strip .gal-item{flex-basis:86%}
}
`;
