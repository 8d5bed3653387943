/**
 * A builder site's page as text: index.html (React's static markup, so every user text is escaped
 * by construction) with its stylesheet inline, and the display face's files cut to the page's
 * characters. The same plan gives the same bytes, which the pictures' manifest relies on.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { baseCss, themeVariables } from '../site/baseCss';
import { buttonsCss } from '../site/blocks/Buttons';
import { DisplayTextCollector, DisplayTextContext } from '../site/blocks/Display';
import { cssMinify, documentHtml, metaDescription } from '../site/blocks/DocumentHead';
import { featuresCss } from '../site/blocks/Features';
import { galleryCss } from '../site/blocks/Gallery';
import { heroCss } from '../site/blocks/Hero';
import { musicToggleCss } from '../site/blocks/MusicToggle';
import { newsCss } from '../site/blocks/NewsList';
import { PicturesContext } from '../site/blocks/Picture';
import { rolesCss } from '../site/blocks/Roles';
import { sectionTitleCss } from '../site/blocks/SectionTitle';
import { displayFontFiles, fontFaceCss, SITE_DISPLAY_FAMILY, type FontFile } from '../site/siteFonts';
import { NO_PICTURES, type PictureSet } from '../site/webPictures';
import { Banner, bannerCss } from './components/Banner';
import { Content, contentCss } from './components/Content';
import { Footer, builtFooterCss } from './components/Footer';
import { navLinks, type SiteFrame } from './components/frame';
import { Head, headCss } from './components/Head';
import { Sidebar, sidebarCss } from './components/Sidebar';
import { BUILT_ASSET_NAMES, type BuiltPlan, type PartType } from './plan';
import type { ContentSection } from './types';

export interface BuiltPage {
  html: string;
  fonts: FontFile[];
}

/** The stylesheet parts of the mini site's blocks that a content section uses. */
const SECTION_CSS: Record<ContentSection['kind'], readonly string[]> = {
  intro: [],
  news: [newsCss],
  features: [featuresCss],
  roles: [rolesCss],
  gallery: [galleryCss],
  events: [],
};

const PART_CSS: Record<PartType, string> = { head: headCss, banner: bannerCss, content: contentCss, sidebar: sidebarCss, footer: builtFooterCss };

/**
 * The body of the page and the characters it sets in the display face. Rendering it is also how
 * the components name their pictures (the plan's copies): the writer renders it once to list them.
 */
export function renderBuiltBody(plan: BuiltPlan, only?: PartType, pictures: PictureSet = NO_PICTURES): { body: string; chars: Set<string> } {
  const { parts, theme } = plan;
  const shown = (type: PartType): boolean => !only || only === type;
  const site: SiteFrame = { name: plan.name, nav: navLinks(parts.content.def.design.sections), music: plan.music };
  const collector = new DisplayTextCollector();
  const body = renderToStaticMarkup(
    <body className={`built theme-${theme.key} ${theme.dark ? 'is-dark' : 'is-light'}${only ? ` alone alone-${only}` : ''}`}>
      <PicturesContext.Provider value={pictures}>
        <DisplayTextContext.Provider value={collector}>
          {shown('head') && <Head def={parts.head.def} f={parts.head.f} site={site} />}
          <main>
            {shown('banner') && <Banner def={parts.banner.def} f={parts.banner.f} site={site} />}
            {shown('content') && <Content def={parts.content.def} f={parts.content.f} site={site} />}
          </main>
          {shown('sidebar') && <Sidebar def={parts.sidebar.def} f={parts.sidebar.f} site={site} />}
          {shown('footer') && <Footer def={parts.footer.def} f={parts.footer.f} site={site} />}
        </DisplayTextContext.Provider>
      </PicturesContext.Provider>
    </body>,
  );
  return { body, chars: collector.chars };
}

/** The stylesheet of the chosen components (or `only` one), after the display face's @font-face rules. */
export function builtStylesheet(plan: BuiltPlan, only: PartType | undefined, fontFaces: string): string {
  const shown = (type: PartType): boolean => !only || only === type;
  const sectionCss = shown('content') ? [...new Set(plan.parts.content.def.design.sections.flatMap((section) => SECTION_CSS[section.kind]))] : [];
  const partsCss = (Object.keys(PART_CSS) as PartType[]).filter(shown).map((type) => PART_CSS[type]);
  return [
    fontFaces,
    themeVariables(plan.theme, `"${SITE_DISPLAY_FAMILY}"`),
    baseCss(plan.theme),
    buttonsCss,
    sectionTitleCss,
    musicToggleCss,
    shown('banner') ? heroCss : '',
    ...sectionCss,
    ...partsCss,
  ]
    .filter(Boolean)
    .map(cssMinify)
    .join('\n');
}

/**
 * `only` renders one component alone (the picker's pictures); without it, the whole site.
 * A component alone still gets the whole site's navigation, so a head shows its real links.
 * The stylesheet (the theme, the shared base and only the chosen components' CSS) goes inline.
 */
export async function renderBuiltPage(plan: BuiltPlan, only?: PartType, pictures: PictureSet = NO_PICTURES): Promise<BuiltPage> {
  const { theme } = plan;
  const { body, chars } = renderBuiltBody(plan, only, pictures);
  const fonts = await displayFontFiles(theme.display, chars);
  const css = builtStylesheet(plan, only, fontFaceCss(fonts, BUILT_ASSET_NAMES.fontsDir));
  const head = {
    title: plan.name,
    description: metaDescription(plan.description),
    themeColor: theme.bg,
    favicon: BUILT_ASSET_NAMES.favicon,
    share: BUILT_ASSET_NAMES.share,
    css,
    js: BUILT_ASSET_NAMES.js,
  };
  return { html: documentHtml(head, body), fonts };
}
