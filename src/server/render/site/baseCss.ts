/**
 * The stylesheet's shared part: the theme as custom properties, the reset, the page frame and the
 * theme's background motif (CSS gradients only, so no picture file is needed for it).
 */
import type { Motif, Theme } from './design';

/** System faces first for body text: every phone and desktop in China has one of them. */
export const BODY_FONT_STACK = '"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Noto Sans SC","Source Han Sans SC",system-ui,sans-serif';

/** '#rrggbb' + alpha -> 'rgba(r,g,b,a)'. */
export function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255},${(value >> 8) & 255},${value & 255},${alpha})`;
}

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};
const toHex = (rgb: Rgb): string => `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
const isHex = (color: string): boolean => /^#[0-9a-f]{6}$/i.test(color);

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((part) => {
    const c = part / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** Small text needs 4.5:1 against what it sits on (WCAG AA, what Lighthouse checks). */
const LEGIBLE = 4.5;

/**
 * `color` as text on every one of `grounds`: itself when it reads, else mixed step by step
 * towards black (light grounds) or white (dark grounds) until it does. The accent keeps its hue.
 */
export function legibleOn(color: string, grounds: readonly string[], dark: boolean): string {
  const solid = grounds.filter(isHex);
  const target: Rgb = dark ? [255, 255, 255] : [0, 0, 0];
  const from = toRgb(color);
  for (let share = 0; share <= 1; share += 0.05) {
    const mixed = toHex(from.map((part, i) => part + (target[i] - part) * share) as Rgb);
    if (solid.every((ground) => contrastRatio(mixed, ground) >= LEGIBLE)) return mixed;
  }
  return toHex(target);
}

/** Text on `ground`: the theme's choice when it reads, else white or near-black, whichever reads better. */
export function textOn(ground: string, preferred: string): string {
  if (!isHex(ground) || !isHex(preferred) || contrastRatio(preferred, ground) >= LEGIBLE) return preferred;
  return contrastRatio('#ffffff', ground) >= contrastRatio('#14110f', ground) ? '#ffffff' : '#14110f';
}

/**
 * The theme as custom properties. `--accent-ink` is the accent as text (titles, tags, numbers):
 * the accent itself where it reads on the theme's grounds, a deeper (or, on dark themes, lighter)
 * shade of it where it would not; `--on-accent` is text on the accent, legible whatever the accent.
 */
export function themeVariables(theme: Theme, displayFamily: string): string {
  const motif = theme.dark ? rgba(theme.accent, 0.07) : rgba(theme.accent, 0.09);
  const accentInk = legibleOn(theme.accent, [theme.bg, theme.bg2, theme.surface], theme.dark);
  const onAccent = textOn(theme.accent, theme.onAccent);
  return `:root{--bg:${theme.bg};--bg2:${theme.bg2};--surface:${theme.surface};--text:${theme.text};--muted:${theme.muted};--accent:${theme.accent};--accent-ink:${accentInk};--accent2:${theme.accent2};--on-accent:${onAccent};--line:${theme.line};--radius:${theme.radius}px;--motif:${motif};--rail:${theme.dark ? theme.surface : theme.text};--rail-text:${theme.dark ? theme.text : theme.bg};--font-display:${displayFamily};--font-body:${BODY_FONT_STACK};color-scheme:${theme.dark ? 'dark' : 'light'}}`;
}

const MOTIFS: Record<Motif, string> = {
  paper:
    'background-image:radial-gradient(ellipse at 12% 8%,var(--motif),transparent 42%),radial-gradient(ellipse at 88% 62%,var(--motif),transparent 38%),repeating-linear-gradient(93deg,transparent 0 11px,rgba(120,100,60,.035) 11px 12px),repeating-linear-gradient(2deg,transparent 0 17px,rgba(120,100,60,.03) 17px 18px)',
  grid: 'background-image:linear-gradient(var(--motif) 1px,transparent 1px),linear-gradient(90deg,var(--motif) 1px,transparent 1px);background-size:56px 56px',
  dots: 'background-image:radial-gradient(var(--motif) 3px,transparent 3.5px),radial-gradient(var(--motif) 3px,transparent 3.5px);background-size:44px 44px;background-position:0 0,22px 22px',
  hex: 'background-image:repeating-linear-gradient(60deg,var(--motif) 0 1px,transparent 1px 32px),repeating-linear-gradient(-60deg,var(--motif) 0 1px,transparent 1px 32px),repeating-linear-gradient(0deg,var(--motif) 0 1px,transparent 1px 55.4px)',
  stars:
    'background-image:radial-gradient(1.5px 1.5px at 20px 30px,var(--muted),transparent),radial-gradient(1px 1px at 140px 80px,var(--text),transparent),radial-gradient(1.5px 1.5px at 90px 160px,var(--accent),transparent),radial-gradient(1px 1px at 210px 200px,var(--muted),transparent),radial-gradient(1px 1px at 260px 40px,var(--text),transparent);background-size:300px 240px',
  clouds:
    'background-image:radial-gradient(circle at 100% 150%,transparent 24%,var(--motif) 24% 27%,transparent 27% 35%,var(--motif) 35% 38%,transparent 38% 46%,var(--motif) 46% 49%,transparent 49%),radial-gradient(circle at 0 150%,transparent 24%,var(--motif) 24% 27%,transparent 27% 35%,var(--motif) 35% 38%,transparent 38% 46%,var(--motif) 46% 49%,transparent 49%),radial-gradient(circle at 50% 100%,transparent 24%,var(--motif) 24% 27%,transparent 27% 35%,var(--motif) 35% 38%,transparent 38% 46%,var(--motif) 46% 49%,transparent 49%);background-size:96px 48px',
  stripes: 'background-image:repeating-linear-gradient(-45deg,var(--motif) 0 2px,transparent 2px 22px)',
  scan: 'background-image:repeating-linear-gradient(0deg,var(--motif) 0 1px,transparent 1px 4px),radial-gradient(ellipse at 50% 0,rgba(255,255,255,.04),transparent 60%)',
  petals:
    'background-image:radial-gradient(ellipse 9px 5px at 40px 60px,var(--motif),transparent),radial-gradient(ellipse 6px 10px at 180px 30px,var(--motif),transparent),radial-gradient(ellipse 10px 6px at 120px 170px,var(--motif),transparent),radial-gradient(ellipse 5px 8px at 250px 130px,var(--motif),transparent);background-size:300px 220px',
};

export function baseCss(theme: Theme): string {
  return `
*,*::before,*::after{box-sizing:border-box}
html{scroll-behavior:smooth;-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-width:320px;background-color:var(--bg);${MOTIFS[theme.motif]};color:var(--text);font:16px/1.75 var(--font-body);-webkit-font-smoothing:antialiased;overflow-x:hidden}
img,video,svg{display:block;max-width:100%}
/* The pictures carry their width and height (their place is kept while they load); CSS sets how large they show. */
img{height:auto}
a{color:inherit;text-decoration:none}
button{font:inherit}
h1,h2,h3,p{overflow-wrap:anywhere}
:focus-visible{outline:2px solid var(--accent);outline-offset:3px}
::selection{background:var(--accent);color:var(--on-accent)}
.fd{font-family:var(--font-display),var(--font-body);font-weight:normal;letter-spacing:.04em}
.ico{width:1em;height:1em}
.wrap{width:min(1200px,100% - 48px);margin-inline:auto}
.sec{position:relative;padding:104px 0}
.sec:nth-of-type(even){background:color-mix(in srgb,var(--bg2) 70%,transparent)}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:900px){.wrap{width:calc(100% - 32px)}.sec{padding:64px 0}}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}*,*::before,*::after{transition:none!important}}
`;
}
