/** The layout families: each a page component and the stylesheet part that shapes the shared blocks into it. */
import type { ReactNode } from 'react';
import type { PageProps } from '../blocks/types';
import type { LayoutFamily } from '../design';
import { AnimePage, animeCss } from './Anime';
import { CartoonPage, cartoonCss } from './Cartoon';
import { ClassicPage, classicCss } from './Classic';
import { HudPage, hudCss } from './Hud';
import { ScrollPage, scrollCss } from './Scroll';
import { SplitPage, splitCss } from './Split';

export interface LayoutFamilyView {
  Page: (props: PageProps) => ReactNode;
  css: string;
}

export const LAYOUTS: Readonly<Record<LayoutFamily, LayoutFamilyView>> = {
  classic: { Page: ClassicPage, css: classicCss },
  scroll: { Page: ScrollPage, css: scrollCss },
  split: { Page: SplitPage, css: splitCss },
  cartoon: { Page: CartoonPage, css: cartoonCss },
  hud: { Page: HudPage, css: hudCss },
  anime: { Page: AnimePage, css: animeCss },
};
