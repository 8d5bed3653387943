/** Writes a layer's vector recording (vectorRecording.ts) as one SVG document. */
import type { VectorItem } from './vectorRecording';

interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (value: number): string => String(Math.round(value * 10000) / 10000);
const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
/** The opacity attribute of a drawing with `alpha`, none when it is opaque. */
const opacityOf = (alpha: number | undefined): string => (alpha !== undefined && alpha < 1 ? ` opacity="${num(alpha)}"` : '');

/**
 * The backend writes a two-circle radial gradient with its circles swapped: the start circle (where
 * offset 0 is) as cx, cy, r and the end circle as fx, fy, fr. SVG has them the other way round.
 */
function withRadialCirclesInPlace(body: string): string {
  return body.replace(/<radialGradient\b[^>]*>/g, (tag) => {
    const [cx, cy, r, fx, fy, fr] = ['cx', 'cy', 'r', 'fx', 'fy', 'fr'].map((name) => attribute(tag, name));
    if ([cx, cy, r, fx, fy, fr].some((value) => value === undefined)) return tag;
    const swapped: Record<string, string | undefined> = { cx: fx, cy: fy, r: fr, fx: cx, fy: cy, fr: r };
    return tag.replace(/\s(cx|cy|r|fx|fy|fr)="[^"]*"/g, (_, name: string) => ` ${name}="${swapped[name] ?? ''}"`);
  });
}

/**
 * The backend fills a rectangle with a pattern through a nested <svg> placed at the rectangle,
 * moved by a transform on that <svg> (which Chromium ignores) and with the pattern starting at the
 * rectangle's corner (a canvas's pattern starts at the origin). Each becomes a group that moves
 * the rectangle, filled with the pattern where the canvas has it.
 */
function withPatternRectsInPlace(body: string): string {
  return body.replace(/<svg\b([^>]*)>([\s\S]*?)<\/svg>/g, (whole, tag: string, inside: string) => {
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => attribute(tag, name) ?? '0');
    const transform = attribute(tag, 'transform');
    const opacity = attribute(tag, 'fill-opacity');
    const rect = /<rect fill="url\(#([^)]+)\)"[^>]*\swidth="100%" height="100%"\/>/.exec(inside);
    if (!rect) return whole;
    const filled = `<rect fill="url(#${rect[1]})"${opacity ? ` fill-opacity="${opacity}"` : ''} x="${x}" y="${y}" width="${width}" height="${height}"/>`;
    return `<g${transform ? ` transform="${transform}"` : ''}>${inside.replace(rect[0], filled)}</g>`;
  });
}

/** Path data to a hundredth of a pixel: the backend writes six decimals, a third of the file. */
function withShortPathData(body: string): string {
  return body.replace(/\sd="[^"]*"/g, (data) => data.replace(/(\d+\.\d\d)\d+/g, (_, kept: string) => kept));
}

/** Items with the same alpha as `items`: source-atop changes colours, never alpha. */
function alphaOf(items: readonly VectorItem[]): readonly VectorItem[] {
  const [only] = items;
  return items.length === 1 && only.kind === 'within' && only.keepBase ? alphaOf(only.base) : items;
}

/** The item lists the writer goes into for `item`, in the order it writes them. */
function inside(item: VectorItem): ReadonlyArray<readonly VectorItem[]> {
  switch (item.kind) {
    case 'svg':
    case 'image':
      return [];
    case 'group':
    case 'effects':
      return [item.items];
    case 'masked':
      return [item.mask, item.base];
    case 'within':
      return item.keepBase ? [item.base, alphaOf(item.base), item.content] : [item.base, item.content];
  }
}

class Writer {
  private next = 0;
  /** How often each item is met: one met twice is written once and used after that. */
  private readonly met = new Map<VectorItem, number>();
  /** Items already written that are met again, by their id. */
  private readonly written = new Map<VectorItem, string>();

  constructor(items: readonly VectorItem[]) {
    const meet = (list: readonly VectorItem[]): void => {
      for (const item of list) {
        const times = (this.met.get(item) ?? 0) + 1;
        this.met.set(item, times);
        if (times === 1) inside(item).forEach(meet);
      }
    };
    meet(items);
  }

  id(): string {
    this.next += 1;
    return `v${this.next.toString(36)}`;
  }

  items(items: readonly VectorItem[]): string {
    return items.map((item) => this.once(item)).join('');
  }

  /**
   * An item met again is a <use> of where it was first written: items are in their layer's device
   * pixels wherever they appear, and a <use> draws in the space where it stands, as the item would.
   * Only those get a group of their own: every group is one more level for a renderer to nest.
   */
  private once(item: VectorItem): string {
    const known = this.written.get(item);
    if (known) return `<use xlink:href="#${known}"/>`;
    if ((this.met.get(item) ?? 1) < 2) return this.item(item);
    const id = this.id();
    this.written.set(item, id);
    return `<g id="${id}">${this.item(item)}</g>`;
  }

  /** The backend numbers its ids from 0 in every document: each body gets a prefix of its own. */
  private namespaced(body: string): string {
    const prefix = `${this.id()}-`;
    return withShortPathData(withPatternRectsInPlace(withRadialCirclesInPlace(body))).replace(/(\bid="|url\(#|href="#)([^")]+)/g, (_, before: string, id: string) => `${before}${prefix}${id}`);
  }

  private item(item: VectorItem): string {
    switch (item.kind) {
      case 'svg':
        return this.namespaced(item.body);
      case 'image':
        return `<image x="${item.x}" y="${item.y}" width="${item.w}" height="${item.h}" xlink:href="data:image/png;base64,${item.png.toString('base64')}"/>`;
      case 'group': {
        // A layer's drawing ends at its canvas's edges, as the raster's does.
        const clip = this.id();
        const transform = item.transform ? ` transform="matrix(${item.transform.map(num).join(' ')})"` : '';
        const style = `isolation:isolate${item.blend ? `;mix-blend-mode:${item.blend}` : ''}`;
        const area = item.clip ?? { x: 0, y: 0, w: item.width, h: item.height };
        const rect = `<rect x="${num(area.x)}" y="${num(area.y)}" width="${num(area.w)}" height="${num(area.h)}"/>`;
        // The clip's rectangle is in the space the group's own transform makes: the source layer's pixels.
        return `<clipPath id="${clip}">${rect}</clipPath><g${transform}${opacityOf(item.alpha)} clip-path="url(#${clip})" style="${style}">${this.items(item.items)}</g>`;
      }
      case 'effects': {
        const filter = this.id();
        const steps: string[] = [];
        let drawn = 'SourceGraphic';
        if (item.blur > 0) {
          steps.push(`<feGaussianBlur in="SourceGraphic" stdDeviation="${num(item.blur)}" result="drawn"/>`);
          drawn = 'drawn';
        }
        if (item.shadow) {
          const { colour, blur, dx, dy } = item.shadow;
          // The shadow is the drawing's alpha in the shadow's colour, blurred by half shadowBlur, moved, beneath it.
          steps.push(
            `<feFlood flood-color="${escapeXml(colour)}"/><feComposite in2="${drawn}" operator="in"/>` +
              `<feGaussianBlur stdDeviation="${num(blur / 2)}"/><feOffset dx="${num(dx)}" dy="${num(dy)}" result="shadow"/>` +
              `<feMerge><feMergeNode in="shadow"/><feMergeNode in="${drawn}"/></feMerge>`,
          );
        }
        return (
          `<filter id="${filter}" filterUnits="userSpaceOnUse" x="0" y="0" width="${item.width}" height="${item.height}" color-interpolation-filters="sRGB">${steps.join('')}</filter>` +
          `<g filter="url(#${filter})"${opacityOf(item.alpha)}>${this.items(item.items)}</g>`
        );
      }
      case 'masked': {
        const mask = this.id();
        const area = `maskUnits="userSpaceOnUse" x="0" y="0" width="${item.width}" height="${item.height}"`;
        if (!item.invert) return `<mask id="${mask}" ${area} style="mask-type:alpha">${this.items(item.mask)}</mask><g mask="url(#${mask})">${this.items(item.base)}</g>`;
        // Luminance: the drawing in black over white hides the base where it is opaque.
        const black = this.id();
        return (
          `<filter id="${black}" filterUnits="userSpaceOnUse" x="0" y="0" width="${item.width}" height="${item.height}">` +
          `<feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0"/></filter>` +
          `<mask id="${mask}" ${area}><rect width="${item.width}" height="${item.height}" fill="#fff"/><g filter="url(#${black})">${this.items(item.mask)}</g></mask>` +
          `<g mask="url(#${mask})">${this.items(item.base)}</g>`
        );
      }
      case 'within': {
        const mask = this.id();
        const area = `maskUnits="userSpaceOnUse" x="0" y="0" width="${item.width}" height="${item.height}" style="mask-type:alpha"`;
        const content = `<g mask="url(#${mask})">${this.items(item.content)}</g>`;
        if (!item.keepBase) return `<mask id="${mask}" ${area}>${this.items(item.base)}</mask>${content}`;
        // A bevel is two source-atop shadows and a texture a third: each keeps the alpha of what it
        // is drawn on, so every mask of the chain is the alpha of the first base. Masking each by
        // the one before would draw the first base twice as often at every step.
        return `${this.items(item.base)}<mask id="${mask}" ${area}>${this.items(alphaOf(item.base))}</mask>${content}`;
      }
    }
  }
}

/**
 * Every embedded picture once: a texture fills many shapes, and a layer drawn into several others
 * (a glow's copy, a mask) brings its pictures each time. Each <image> becomes a <use> of one
 * definition per picture and size.
 */
function withPicturesOnce(body: string): { defs: string; body: string } {
  const ids = new Map<string, string>();
  const defs: string[] = [];
  const out = body.replace(/<image\b([^>]*)\/>/g, (element, attributes: string) => {
    const data = attribute(attributes, 'xlink:href');
    if (!data?.startsWith('data:')) return element;
    const [width, height] = [attribute(attributes, 'width') ?? '0', attribute(attributes, 'height') ?? '0'];
    const key = `${width}x${height}:${data}`;
    let id = ids.get(key);
    if (!id) {
      id = `p${ids.size.toString(36)}`;
      ids.set(key, id);
      defs.push(`<image id="${id}" width="${width}" height="${height}" xlink:href="${data}"/>`);
    }
    const own = attribute(attributes, 'id');
    const [x, y] = [attribute(attributes, 'x'), attribute(attributes, 'y')];
    return `<use${own ? ` id="${own}"` : ''}${x ? ` x="${x}"` : ''}${y ? ` y="${y}"` : ''} xlink:href="#${id}"/>`;
  });
  return { defs: defs.length ? `<defs>${defs.join('')}</defs>` : '', body: out };
}

/** The document: `items` (in device pixels) seen through `view`, titled `title`. */
export function svgDocument(items: readonly VectorItem[], view: View, title: string): string {
  const box = `${num(view.x)} ${num(view.y)} ${num(view.width)} ${num(view.height)}`;
  const { defs, body } = withPicturesOnce(new Writer(items).items(items));
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(view.width)}" height="${num(view.height)}" viewBox="${box}">` +
    `<title>${escapeXml(title)}</title>${defs}${body}</svg>\n`
  );
}
