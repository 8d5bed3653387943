/**
 * A builder site's page as text: index.html (React's static markup, so every user text is escaped
 * by construction), the stylesheet (the theme, the shared base and only the CSS of the chosen
 * components) and the display face's files the page needs. Pure: the same plan gives the same
 * bytes, which the pictures' manifest relies on.
 */
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { baseCss, themeVariables } from '../site/baseCss';
import { buttonsCss } from '../site/blocks/Buttons';
import { DisplayTextCollector, DisplayTextContext } from '../site/blocks/Display';
import { cssMinify, DocumentHead, metaDescription } from '../site/blocks/DocumentHead';
import { featuresCss } from '../site/blocks/Features';
import { galleryCss } from '../site/blocks/Gallery';
import { heroCss } from '../site/blocks/Hero';
import { musicToggleCss } from '../site/blocks/MusicToggle';
import { newsCss } from '../site/blocks/NewsList';
import { rolesCss } from '../site/blocks/Roles';
import { sectionTitleCss } from '../site/blocks/SectionTitle';
import { displayFontFiles, fontFaceCss, SITE_DISPLAY_FAMILY, type FontFile } from '../site/siteFonts';
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
  css: string;
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
 * `only` renders one component alone (the picker's pictures); without it, the whole site.
 * A component alone still gets the whole site's navigation, so a head shows its real links.
 */
export function renderBuiltPage(plan: BuiltPlan, only?: PartType): BuiltPage {
  const { parts, theme } = plan;
  const shown = (type: PartType): boolean => !only || only === type;
  const site: SiteFrame = { name: plan.name, nav: navLinks(parts.content.def.design.sections), music: plan.music };
  const collector = new DisplayTextCollector();
  const body: ReactNode = (
    <DisplayTextContext.Provider value={collector}>
      {shown('head') && <Head def={parts.head.def} f={parts.head.f} site={site} />}
      <main>
        {shown('banner') && <Banner def={parts.banner.def} f={parts.banner.f} site={site} />}
        {shown('content') && <Content def={parts.content.def} f={parts.content.f} site={site} />}
      </main>
      {shown('sidebar') && <Sidebar def={parts.sidebar.def} f={parts.sidebar.f} site={site} />}
      {shown('footer') && <Footer def={parts.footer.def} f={parts.footer.f} site={site} />}
    </DisplayTextContext.Provider>
  );
  const markup = renderToStaticMarkup(
    <html lang="zh-CN">
      <DocumentHead
        title={plan.name}
        description={metaDescription(plan.description)}
        themeColor={theme.bg}
        favicon={BUILT_ASSET_NAMES.favicon}
        share={BUILT_ASSET_NAMES.share}
        css={BUILT_ASSET_NAMES.css}
        js={BUILT_ASSET_NAMES.js}
      />
      <body className={`built theme-${theme.key} ${theme.dark ? 'is-dark' : 'is-light'}${only ? ` alone alone-${only}` : ''}`}>{body}</body>
    </html>,
  );
  const fonts = displayFontFiles(theme.display, collector.chars);
  const fontsDir = path.posix.relative(path.posix.dirname(BUILT_ASSET_NAMES.css), BUILT_ASSET_NAMES.fontsDir);
  const sectionCss = shown('content') ? [...new Set(parts.content.def.design.sections.flatMap((section) => SECTION_CSS[section.kind]))] : [];
  const partsCss = (Object.keys(PART_CSS) as PartType[]).filter(shown).map((type) => PART_CSS[type]);
  const css = [
    fontFaceCss(fonts, fontsDir),
    themeVariables(theme, `"${SITE_DISPLAY_FAMILY}"`),
    baseCss(theme),
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
  return { html: `<!DOCTYPE html>\n${markup}\n`, css: `${css}\n`, fonts };
}
