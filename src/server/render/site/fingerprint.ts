/**
 * What a template's pictures show, as one hash: its page and stylesheet rendered with the default
 * texts, plus the bytes of its default pictures. npm run site-pictures records it in the manifest
 * beside the pictures; a test recomputes it, so a template changed without new pictures fails.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { findSiteDesign, findSiteTemplate } from './catalog';
import { planSite } from './content';
import { renderSiteBody, siteStylesheet } from './page';
import type { SiteRenderInput } from './types';

export const PICTURE_MANIFEST_FILE = 'manifest.json';

export interface PictureManifest {
  /** How to refresh the pictures (for whoever opens the file). */
  note: string;
  /**
   * Per template, the fingerprint its desktop pictures (thumbnail and preview) were shot at, and
   * the one its phone preview was: each is checked on its own, so neither can go stale unseen.
   */
  templates: Record<string, { fingerprint: string; phoneFingerprint?: string }>;
}

/** The logo style that suits each template's world (ids of LOGO_STYLES): the template pictures' logos, and the site audit's. */
const SAMPLE_LOGO_STYLE: Readonly<Record<number, number>> = {
  1: 1, 2: 10, 3: 5, 4: 19, 5: 2, 6: 15, 7: 3, 8: 13, 9: 24, 10: 14, 11: 18, 12: 11,
  13: 16, 14: 8, 15: 7, 16: 23, 17: 6, 18: 26, 19: 9, 20: 17, 21: 12, 22: 21, 23: 25, 24: 5,
};

export function sampleLogoStyle(templateId: number): number {
  return SAMPLE_LOGO_STYLE[templateId] ?? 1;
}

/** The generated files as the pictures script passes them: only their names' extensions reach the markup. */
export function sampleRenderInput(templateId: number, files: { logo: string; video: string; poster: string }): SiteRenderInput {
  return { templateId, texts: {}, images: {}, logo: { path: files.logo }, bannerVideo: { path: files.video }, bannerPoster: { path: files.poster }, music: null };
}

export function templateFingerprint(templateId: number): string {
  const template = findSiteTemplate(templateId);
  const design = findSiteDesign(templateId);
  if (!template || !design) throw new Error(`Unknown site template ${templateId}`);
  const plan = planSite(template, sampleRenderInput(templateId, { logo: 'logo.png', video: 'banner.mp4', poster: 'banner-poster.jpg' }));
  // The page's text, not its files: the display face's subset follows from the characters hashed here.
  const { body, chars } = renderSiteBody(plan.content, design);
  const hash = crypto.createHash('sha256');
  hash.update(body).update('\0').update(siteStylesheet(design, '')).update('\0').update([...chars].sort().join(''));
  for (const { from, to } of plan.copies) {
    if (to.startsWith('assets/images/')) hash.update('\0').update(to).update('\0').update(fs.readFileSync(from));
  }
  return hash.digest('hex').slice(0, 32);
}
