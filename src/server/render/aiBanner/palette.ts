/**
 * The generative banner's colours, chosen from what the Chinese prompt talks about (fire, sea,
 * forest, night, gold, snow), else from the seed: a prompt's mood shows in the picture.
 */

export type Rgb = readonly [number, number, number];

/** What drifts through the picture. */
export type ParticleKind = 'embers' | 'bubbles' | 'fireflies' | 'stardust' | 'motes' | 'snow';

export interface BannerPalette {
  name: 'fire' | 'sea' | 'forest' | 'night' | 'gold' | 'snow';
  /** Sky from the top edge to the horizon. */
  skyTop: Rgb;
  skyMid: Rgb;
  horizon: Rgb;
  /** The sun or moon and its rays. */
  glow: Rgb;
  /** The farthest and nearest ridges (layers in between are mixed, then hazed toward the horizon). */
  ridgeFar: Rgb;
  ridgeNear: Rgb;
  /** Particles, streaks and ridge rims. */
  accent: Rgb;
  particles: ParticleKind;
  /** How many stars show in the upper sky (0..1). */
  stars: number;
}

export const PALETTES: readonly BannerPalette[] = [
  {
    name: 'fire',
    skyTop: [22, 4, 10],
    skyMid: [92, 14, 18],
    horizon: [236, 92, 34],
    glow: [255, 176, 84],
    ridgeFar: [120, 32, 28],
    ridgeNear: [14, 3, 5],
    accent: [255, 138, 52],
    particles: 'embers',
    stars: 0.1,
  },
  {
    name: 'sea',
    skyTop: [2, 10, 30],
    skyMid: [8, 44, 92],
    horizon: [58, 156, 214],
    glow: [168, 226, 255],
    ridgeFar: [24, 76, 128],
    ridgeNear: [2, 12, 28],
    accent: [120, 220, 255],
    particles: 'bubbles',
    stars: 0.3,
  },
  {
    name: 'forest',
    skyTop: [4, 18, 14],
    skyMid: [14, 58, 42],
    horizon: [128, 190, 120],
    glow: [224, 246, 170],
    ridgeFar: [40, 96, 66],
    ridgeNear: [3, 16, 10],
    accent: [186, 255, 140],
    particles: 'fireflies',
    stars: 0.15,
  },
  {
    name: 'night',
    skyTop: [6, 4, 22],
    skyMid: [36, 18, 76],
    horizon: [126, 70, 168],
    glow: [222, 206, 255],
    ridgeFar: [62, 40, 112],
    ridgeNear: [8, 5, 20],
    accent: [206, 170, 255],
    particles: 'stardust',
    stars: 1,
  },
  {
    name: 'gold',
    skyTop: [24, 12, 6],
    skyMid: [104, 54, 18],
    horizon: [246, 180, 82],
    glow: [255, 232, 160],
    ridgeFar: [140, 80, 38],
    ridgeNear: [20, 10, 5],
    accent: [255, 212, 112],
    particles: 'motes',
    stars: 0.05,
  },
  {
    name: 'snow',
    skyTop: [12, 20, 36],
    skyMid: [54, 74, 104],
    horizon: [200, 216, 232],
    glow: [250, 252, 255],
    ridgeFar: [150, 170, 196],
    ridgeNear: [26, 36, 54],
    accent: [240, 246, 255],
    particles: 'snow',
    stars: 0.4,
  },
];

/** Words that call for a palette; the first characters listed are the commonest. */
const KEYWORDS: Readonly<Record<BannerPalette['name'], readonly string[]>> = {
  fire: ['火', '焰', '熔岩', '炎', '烈', '赤', '血', '魔', '龙', '战'],
  sea: ['海', '水', '冰', '蓝', '浪', '潮', '雨', '湖', '洋', '江'],
  forest: ['森', '林', '草', '竹', '翠', '绿', '叶', '木', '仙', '春'],
  night: ['夜', '星', '月', '暗', '幽', '梦', '紫', '魂', '神秘', '宇宙'],
  gold: ['金', '晨', '日', '光', '黄', '沙', '漠', '辉', '朝', '秋'],
  snow: ['雪', '霜', '寒', '白', '冬', '银'],
};

function paletteNamed(name: BannerPalette['name']): BannerPalette {
  const found = PALETTES.find((palette) => palette.name === name);
  if (!found) throw new Error(`no palette ${name}`);
  return found;
}

/**
 * The palette whose words the prompt uses most (ties: the word that comes first in the prompt);
 * a prompt naming none gets one from the seed.
 */
export function choosePalette(prompt: string, seed: number): BannerPalette {
  let best: { name: BannerPalette['name']; hits: number; first: number } | null = null;
  for (const [name, words] of Object.entries(KEYWORDS) as Array<[BannerPalette['name'], readonly string[]]>) {
    let hits = 0;
    let first = Number.POSITIVE_INFINITY;
    for (const word of words) {
      for (let at = prompt.indexOf(word); at >= 0; at = prompt.indexOf(word, at + word.length)) {
        hits += 1;
        first = Math.min(first, at);
      }
    }
    if (hits && (!best || hits > best.hits || (hits === best.hits && first < best.first))) best = { name, hits, first };
  }
  return best ? paletteNamed(best.name) : PALETTES[seed % PALETTES.length];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function rgba(color: Rgb, alpha = 1): string {
  return `rgba(${Math.round(color[0])},${Math.round(color[1])},${Math.round(color[2])},${alpha.toFixed(3)})`;
}
