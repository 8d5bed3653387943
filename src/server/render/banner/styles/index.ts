/** The registry: one drawing per key of BANNER_STYLES (a test checks none is missing). */
import type { BannerStyleDef } from '../core/types';
import { battlefield } from './battlefield';
import { inkMountains } from './ink-mountains';
import { cyberCity } from './cyber-city';
import { warp } from './warp';
import { sakuraFall } from './sakura-fall';
import { storm } from './storm';
import { deepSea } from './deep-sea';
import { goldenPalace } from './golden-palace';
import { snowfield } from './snowfield';
import { pixelWorld } from './pixel-world';
import { darkPortal } from './dark-portal';
import { aurora } from './aurora';
import { mechaHud } from './mecha-hud';
import { cloudSea } from './cloud-sea';

const ALL: BannerStyleDef[] = [battlefield, inkMountains, cyberCity, warp, sakuraFall, storm, deepSea, goldenPalace, snowfield, pixelWorld, darkPortal, aurora, mechaHud, cloudSea];

export const BANNER_STYLE_DEFS: Readonly<Record<string, BannerStyleDef>> = Object.freeze(Object.fromEntries(ALL.map((def) => [def.key, def])));
