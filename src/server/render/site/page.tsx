/**
 * The page of a site as text: index.html (React's static markup, so every user text is escaped
 * by construction), the stylesheet, and the font files the stylesheet names. Pure: the same
 * content and design give the same bytes, which the template pictures' manifest relies on.
 */
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { buttonsCss } from './blocks/Buttons';
import { footerCss } from './blocks/ComplianceFooter';
import { DisplayTextCollector, DisplayTextContext } from './blocks/Display';
import { cssMinify, DocumentHead, metaDescription } from './blocks/DocumentHead';
import { downloadCss } from './blocks/DownloadButtons';
import { featuresCss } from './blocks/Features';
import { galleryCss } from './blocks/Gallery';
import { heroCss } from './blocks/Hero';
import { introCss } from './blocks/Intro';
import { musicToggleCss } from './blocks/MusicToggle';
import { navCss } from './blocks/Nav';
import { newsCss } from './blocks/NewsList';
import { rolesCss } from './blocks/Roles';
import { sectionTitleCss } from './blocks/SectionTitle';
import { baseCss, themeVariables } from './baseCss';
import { ASSET_NAMES, type SiteContent } from './content';
import type { SiteDesign } from './design';
import { displayFontFiles, fontFaceCss, SITE_DISPLAY_FAMILY, type FontFile } from './siteFonts';
import { LAYOUTS } from './templates';

export interface SitePage {
  html: string;
  css: string;
  fonts: FontFile[];
}

const BLOCKS_CSS = [buttonsCss, sectionTitleCss, navCss, musicToggleCss, heroCss, downloadCss, introCss, newsCss, featuresCss, rolesCss, galleryCss, footerCss];

function description(content: SiteContent): string {
  return metaDescription(`${content.slogan}。${content.intro}`);
}

export function renderSitePage(content: SiteContent, design: SiteDesign): SitePage {
  const { Page, css: familyCss } = LAYOUTS[design.family];
  const collector = new DisplayTextCollector();
  const { assets } = content;
  const summary = description(content);
  const markup = renderToStaticMarkup(
    <html lang="zh-CN">
      <DocumentHead
        title={content.name}
        description={summary}
        themeColor={design.theme.bg}
        favicon={assets.favicon}
        share={assets.share}
        css={assets.css}
        js={assets.js}
      />
      <body className={`fam-${design.family} theme-${design.theme.key} ${design.theme.dark ? 'is-dark' : 'is-light'}`}>
        <DisplayTextContext.Provider value={collector}>
          <Page content={content} design={design} />
        </DisplayTextContext.Provider>
      </body>
    </html>,
  );
  const fonts = displayFontFiles(design.theme.display, collector.chars);
  const fontsDir = path.posix.relative(path.posix.dirname(ASSET_NAMES.css), ASSET_NAMES.fontsDir);
  const css = [
    fontFaceCss(fonts, fontsDir),
    themeVariables(design.theme, `"${SITE_DISPLAY_FAMILY}"`),
    baseCss(design.theme),
    ...BLOCKS_CSS,
    familyCss,
  ]
    .map(cssMinify)
    .join('\n');
  return { html: `<!DOCTYPE html>\n${markup}\n`, css: `${css}\n`, fonts };
}
