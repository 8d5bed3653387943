/** Every logo style's drawing, keyed by its LOGO_STYLES key. */
import type { LogoStyle } from '../types';
import { bloodMoon } from './bloodMoon';
import { bronze } from './bronze';
import { candy } from './candy';
import { cartoon } from './cartoon';
import { celestial } from './celestial';
import { crystal } from './crystal';
import { flame } from './flame';
import { galaxy } from './galaxy';
import { goldMetal } from './goldMetal';
import { graffiti } from './graffiti';
import { ice } from './ice';
import { inkBrush } from './inkBrush';
import { jade } from './jade';
import { neon } from './neon';
import { ocean } from './ocean';
import { pixel } from './pixel';
import { royal } from './royal';
import { sakura } from './sakura';
import { shadow } from './shadow';
import { sports } from './sports';
import { scifi } from './scifi';
import { steel } from './steel';
import { stone } from './stone';
import { synthwave } from './synthwave';
import { thunder } from './thunder';
import { wasteland } from './wasteland';

export const LOGO_STYLE_DRAWINGS: Readonly<Record<string, LogoStyle>> = {
  'gold-metal': goldMetal,
  'ink-brush': inkBrush,
  jade,
  flame,
  ice,
  neon,
  cartoon,
  pixel,
  scifi,
  'blood-moon': bloodMoon,
  stone,
  sakura,
  thunder,
  steel,
  celestial,
  candy,
  wasteland,
  royal,
  ocean,
  graffiti,
  synthwave,
  shadow,
  crystal,
  bronze,
  sports,
  galaxy,
};
