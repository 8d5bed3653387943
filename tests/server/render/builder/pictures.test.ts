/**
 * The picker's pictures are real pictures of the components (npm run builder-pictures renders
 * them): every component has its thumbnail and preview, small enough for the picker, and the
 * manifest's fingerprint of what they show still matches the component. A component changed
 * without its pictures being rendered again fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUILDER_ASSETS_DIR, builderAssetFile, componentPictureFiles, componentPictures } from '../../../../src/server/render/builder/assets';
import { componentFingerprint, PICTURE_MANIFEST_FILE, pictureSubjects, type PictureManifest } from '../../../../src/server/render/builder/fingerprint';
import { webpSize } from '../siteFiles';

const manifest = JSON.parse(fs.readFileSync(path.join(BUILDER_ASSETS_DIR, PICTURE_MANIFEST_FILE), 'utf8')) as PictureManifest;
const subjects = pictureSubjects();

describe('builder component pictures', () => {
  it.each(subjects.map((subject) => [subject.key, subject]))('%s has a 480-wide thumbnail and a preview up to 1000 wide, each under 100 KB', (_key, subject) => {
    const files = componentPictureFiles(subject.type, subject.id);
    const thumb = fs.readFileSync(path.join(BUILDER_ASSETS_DIR, files.thumb));
    const preview = fs.readFileSync(path.join(BUILDER_ASSETS_DIR, files.preview));
    expect(webpSize(thumb).width).toBe(480);
    const { width, height } = webpSize(preview);
    expect(width).toBeGreaterThanOrEqual(480);
    expect(width).toBeLessThanOrEqual(1000);
    expect(height).toBeGreaterThan(20);
    for (const file of [thumb, preview]) expect(file.length).toBeLessThan(100 * 1024);
    const urls = componentPictures(subject.type, subject.id);
    expect(builderAssetFile(urls.url)).toBe(path.join(BUILDER_ASSETS_DIR, files.thumb));
    expect(builderAssetFile(urls.preview_image)).toBe(path.join(BUILDER_ASSETS_DIR, files.preview));
  });

  it('shows each component as it is now', () => {
    const stale = subjects.filter((subject) => manifest.components[subject.key]?.fingerprint !== componentFingerprint(subject.type, subject.id)).map((subject) => subject.key);
    if (stale.length) throw new Error(`The pictures of ${stale.join(', ')} do not show the components as they are now: run npm run builder-pictures`);
  });
});
