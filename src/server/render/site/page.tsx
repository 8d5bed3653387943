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

/** At most this many characters of the introduction go into the description meta tags. */
const DESCRIPTION_MAX = 120;

function description(content: SiteContent): string {
  const text = `${content.slogan}。${content.intro}`.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > DESCRIPTION_MAX ? `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…` : text;
}

function cssMinify(css: string): string {
  return css
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

export function renderSitePage(content: SiteContent, design: SiteDesign): SitePage {
  const { Page, css: familyCss } = LAYOUTS[design.family];
  const collector = new DisplayTextCollector();
  const { assets } = content;
  const summary = description(content);
  const markup = renderToStaticMarkup(
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{content.name}</title>
        <meta name="description" content={summary} />
        <meta name="theme-color" content={design.theme.bg} />
        <meta name="format-detection" content="telephone=no" />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={content.name} />
        <meta property="og:description" content={summary} />
        <meta property="og:image" content={assets.share} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:image" content={assets.share} />
        <link rel="icon" type="image/png" sizes="64x64" href={assets.favicon} />
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.js} defer />
      </head>
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
