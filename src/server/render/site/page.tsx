/**
 * The page of a site as text: index.html (React's static markup, so every user text is escaped
 * by construction) with its stylesheet inline, and the font files the stylesheet names. The same
 * content and design give the same bytes, which the template pictures' manifest relies on.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { buttonsCss } from './blocks/Buttons';
import { footerCss } from './blocks/ComplianceFooter';
import { DisplayTextCollector, DisplayTextContext } from './blocks/Display';
import { cssMinify, documentHtml, metaDescription } from './blocks/DocumentHead';
import { downloadCss } from './blocks/DownloadButtons';
import { featuresCss } from './blocks/Features';
import { galleryCss } from './blocks/Gallery';
import { heroCss } from './blocks/Hero';
import { introCss } from './blocks/Intro';
import { musicToggleCss } from './blocks/MusicToggle';
import { navCss } from './blocks/Nav';
import { PicturesContext } from './blocks/Picture';
import { newsCss } from './blocks/NewsList';
import { rolesCss } from './blocks/Roles';
import { sectionTitleCss } from './blocks/SectionTitle';
import { baseCss, themeVariables } from './baseCss';
import { ASSET_NAMES, type SiteContent } from './content';
import type { SiteDesign } from './design';
import { displayFontFiles, fontFaceCss, SITE_DISPLAY_FAMILY, type FontFile } from './siteFonts';
import { LAYOUTS } from './templates';
import { NO_PICTURES, type PictureSet } from './webPictures';

export interface SitePage {
  html: string;
  fonts: FontFile[];
}

const BLOCKS_CSS = [buttonsCss, sectionTitleCss, navCss, musicToggleCss, heroCss, downloadCss, introCss, newsCss, featuresCss, rolesCss, galleryCss, footerCss];

function description(content: SiteContent): string {
  return metaDescription(`${content.slogan}。${content.intro}`);
}

/** The body of the page and the characters it sets in the display face. */
export function renderSiteBody(content: SiteContent, design: SiteDesign, pictures: PictureSet = NO_PICTURES): { body: string; chars: Set<string> } {
  const { Page } = LAYOUTS[design.family];
  const collector = new DisplayTextCollector();
  const body = renderToStaticMarkup(
    <body className={`fam-${design.family} theme-${design.theme.key} ${design.theme.dark ? 'is-dark' : 'is-light'}`}>
      <PicturesContext.Provider value={pictures}>
        <DisplayTextContext.Provider value={collector}>
          <Page content={content} design={design} />
        </DisplayTextContext.Provider>
      </PicturesContext.Provider>
    </body>,
  );
  return { body, chars: collector.chars };
}

/** The stylesheet of a design, after the display face's @font-face rules. */
export function siteStylesheet(design: SiteDesign, fontFaces: string): string {
  return [fontFaces, themeVariables(design.theme, `"${SITE_DISPLAY_FAMILY}"`), baseCss(design.theme), ...BLOCKS_CSS, LAYOUTS[design.family].css].map(cssMinify).join('\n');
}

/**
 * The page with its stylesheet inline (nothing to fetch before the first paint) and the display
 * face's files cut to the characters the page sets. `pictures`: the WebP sizes written for the
 * plan's pictures.
 */
export async function renderSitePage(content: SiteContent, design: SiteDesign, pictures: PictureSet): Promise<SitePage> {
  const { body, chars } = renderSiteBody(content, design, pictures);
  const fonts = await displayFontFiles(design.theme.display, chars);
  const { assets } = content;
  const css = siteStylesheet(design, fontFaceCss(fonts, ASSET_NAMES.fontsDir));
  const head = { title: content.name, description: description(content), themeColor: design.theme.bg, favicon: assets.favicon, share: assets.share, css, js: assets.js };
  return { html: documentHtml(head, body), fonts };
}
