/**
 * The template pictures are real pictures of the templates (npm run site-pictures renders them):
 * each template has its thumbnail and preview, small enough for the picker, and the manifest's
 * fingerprint of what they show still matches the template. A template changed without its
 * pictures being rendered again fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
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

  it('shows each template as it is now', () => {
    const stale = siteTemplates.filter((template) => manifest.templates[String(template.id)]?.fingerprint !== templateFingerprint(template.id)).map((template) => template.id);
    if (stale.length) {
      throw new Error(`The pictures of site templates ${stale.join(', ')} do not show the templates as they are now: run npm run site-pictures`);
    }
  });
});
