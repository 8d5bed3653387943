/**
 * The template pictures are real pictures of the templates (npm run site-pictures renders them):
 * each template has its thumbnail, its desktop preview and its phone preview, small enough for the
 * picker, and the manifest's fingerprints of what they show still match the template. A template
 * changed without its pictures (desktop or phone) being rendered again fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SITE_PHONE_PREVIEW } from '../../../../src/contract/miniSite';
import { SITE_TEMPLATE_ASSETS_DIR, templatePictureFiles } from '../../../../src/server/render/site/assets';
import { siteTemplates } from '../../../../src/server/render/site/catalog';
import { PICTURE_MANIFEST_FILE, templateFingerprint, type PictureManifest } from '../../../../src/server/render/site/fingerprint';
import { webpSize } from '../siteFiles';

const manifest = JSON.parse(fs.readFileSync(path.join(SITE_TEMPLATE_ASSETS_DIR, PICTURE_MANIFEST_FILE), 'utf8')) as PictureManifest;

describe('site template pictures', () => {
  it.each(siteTemplates.map((t) => [t.id]))('template %i has a 480x360 thumbnail and a 720-wide preview under 100 KB', (id) => {
    const files = templatePictureFiles(id);
    const thumbnail = fs.readFileSync(path.join(SITE_TEMPLATE_ASSETS_DIR, files.thumbnail));
    const preview = fs.readFileSync(path.join(SITE_TEMPLATE_ASSETS_DIR, files.preview));
    expect(webpSize(thumbnail)).toEqual({ width: 480, height: 360 });
    const { width, height } = webpSize(preview);
    expect(width).toBe(720);
    expect(height).toBeGreaterThan(720);
    expect(height).toBeLessThanOrEqual(1500);
    for (const file of [thumbnail, preview]) expect(file.length).toBeLessThan(100 * 1024);
  });

  it.each(siteTemplates.map((t) => [t.id]))('template %i has a phone preview 390 CSS px wide at 1.5x, whole page, under 200 KB', (id) => {
    const phone = fs.readFileSync(path.join(SITE_TEMPLATE_ASSETS_DIR, templatePictureFiles(id).phonePreview));
    const { width, height } = webpSize(phone);
    const { cssWidth, pixelRatio } = SITE_PHONE_PREVIEW;
    expect(width).toBe(cssWidth * pixelRatio);
    // More than two phone screens (844 CSS px each): the whole page, not its first screen.
    expect(height).toBeGreaterThan(2 * 844 * pixelRatio);
    expect(height).toBeLessThanOrEqual(7000 * pixelRatio);
    expect(phone.length).toBeLessThan(200 * 1024);
  });

  it('shows each template as it is now, on a desktop and on a phone', () => {
    const staleAt = (picture: 'fingerprint' | 'phoneFingerprint'): number[] =>
      siteTemplates.filter((template) => manifest.templates[String(template.id)]?.[picture] !== templateFingerprint(template.id)).map((template) => template.id);
    const desktop = staleAt('fingerprint');
    const phone = staleAt('phoneFingerprint');
    if (desktop.length || phone.length) {
      throw new Error(
        `The pictures of site templates ${[...desktop.map(String), ...phone.map((id) => `${id} (phone)`)].join(', ')} do not show the templates as they are now: run npm run site-pictures`,
      );
    }
  });
});
