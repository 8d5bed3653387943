/**
 * A site's default pictures follow the game's genre: built without uploads, a site whose banner
 * is of another world than its template's shows that world's screenshots and character cards
 * (a sci-fi game on 龙腾国战's layout carries no palace picture), one whose banner is of the
 * template's own world keeps the template's, and an upload is always the user's. The sci-fi
 * templates' pictures come from worlds of their age, and their character cards are armoured crew,
 * not period heroes with blades.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { findSiteTemplate, siteTemplates } from '../../../../src/server/render/site/catalog';
import { planSite } from '../../../../src/server/render/site/content';
import { GALLERY_FRAMINGS, PORTRAIT_FRAMINGS, SceneCamera, renderPortrait, renderShot } from '../../../../src/server/render/site/defaultPictures';
import { findSiteDesign } from '../../../../src/server/render/site/catalog';
import { templateAssetPath } from '../../../../src/server/render/site/assets';
import { BANNER_GENRE, GENRE_PICTURES, PERIOD_SCENES, PICTURE_SCENES, figureKindOf } from '../../../../src/server/render/site/genrePictures';
import type { SiteRenderInput } from '../../../../src/server/render/site/types';

const SCI_FI = 5;
const sciFiBanners = Object.entries(BANNER_GENRE).filter(([, genre]) => genre === SCI_FI).map(([id]) => Number(id));

function input(templateId: number, bannerId: number | undefined, images: SiteRenderInput['images'] = {}): SiteRenderInput {
  return { templateId, bannerId, texts: {}, images, logo: { path: 'logo.png' }, bannerVideo: { path: 'banner.mp4' }, bannerPoster: { path: 'poster.jpg' }, music: null };
}

/** The templates whose default pictures the site copies, by the pictures' names (t<id>-...). */
function pictureTemplates(templateId: number, bannerId: number | undefined, images: SiteRenderInput['images'] = {}): { sources: Set<number>; copies: string[] } {
  const template = findSiteTemplate(templateId);
  if (!template) throw new Error(`no template ${templateId}`);
  const copies = planSite(template, input(templateId, bannerId, images)).copies.filter((copy) => copy.to.startsWith('assets/images/'));
  const sources = new Set(copies.map((copy) => /\/t(\d+)-[a-z]+-\d\.webp$/.exec(copy.from)).filter((match) => match !== null).map((match) => Number(match[1])));
  return { sources, copies: copies.map((copy) => copy.from) };
}

/** The mean difference of two pictures of one size, per channel (0..255). */
async function distance(a: Buffer | string, b: Buffer | string): Promise<number> {
  const pixels = (picture: Buffer | string): Promise<Buffer> => sharp(picture).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

describe('default pictures by genre', () => {
  it('gives every template built for a sci-fi banner not its own, without uploads, only sci-fi default pictures', () => {
    expect(sciFiBanners.length).toBeGreaterThanOrEqual(3);
    for (const template of siteTemplates) {
      // A template's own banner is the world its pictures were drawn from (钢铁防线's mecha front).
      for (const bannerId of sciFiBanners.filter((id) => id !== template.bannerId)) {
        const { sources, copies } = pictureTemplates(template.id, bannerId);
        expect(copies.length).toBeGreaterThanOrEqual(7);
        const genres = [...sources].map((id) => findSiteTemplate(id)?.categoryId);
        expect([template.id, bannerId, genres.every((genre) => genre === SCI_FI)]).toEqual([template.id, bannerId, true]);
      }
    }
  });

  it('shows no palace picture in 龙腾国战 built for a star-field banner, and the palace with its own', () => {
    expect(pictureTemplates(1, 4).sources).toEqual(new Set([18]));
    expect(pictureTemplates(1, 8).sources).toEqual(new Set([1]));
    // Another world of the template's own genre (角色扮演's ice field) keeps the template's pictures.
    expect(pictureTemplates(1, 9).sources).toEqual(new Set([1]));
    expect(pictureTemplates(1, undefined).sources).toEqual(new Set([1]));
  });

  it("takes the template's own default as sent by the form for no upload, and keeps an uploaded picture whatever the banner", () => {
    const ownDefault = templateAssetPath('/site-templates/defaults/t1-gallery-1.webp');
    if (!ownDefault) throw new Error('template 1 has no first screenshot');
    expect(pictureTemplates(1, 4, { gallery1: { path: ownDefault } }).sources).toEqual(new Set([18]));
    const { copies } = pictureTemplates(1, 4, { gallery1: { path: '/uploads/mine.png' } });
    expect(copies).toContain('/uploads/mine.png');
    expect(copies.filter((from) => /\/t1-/.test(from))).toEqual([]);
  });

  it('draws every picture of the sci-fi templates (and of 钢铁防线\'s mecha front) from worlds of their age, none with pagodas, palaces or castles', () => {
    const modern = [...siteTemplates.filter((template) => template.categoryId === SCI_FI).map((template) => template.id), 10, GENRE_PICTURES[SCI_FI]];
    for (const id of modern) expect([id, (PICTURE_SCENES[id] ?? []).filter((scene) => PERIOD_SCENES.has(scene))]).toEqual([id, []]);
  });

  it('has the committed screenshots of 废土突围 drawn from the HUD world, not its banner\'s pagodas', async () => {
    const design = findSiteDesign(20);
    const committed = templateAssetPath('/site-templates/defaults/t20-gallery-1.webp');
    if (!design || !committed) throw new Error('template 20 has no first screenshot');
    const [hud, pagodas] = await Promise.all([renderShot(new SceneCamera(13), GALLERY_FRAMINGS[0], design.theme), renderShot(new SceneCamera(1), GALLERY_FRAMINGS[0], design.theme)]);
    const [toHud, toPagodas] = [await distance(committed, hud), await distance(committed, pagodas)];
    expect(toHud).toBeLessThan(2.5);
    expect(toHud).toBeLessThan(toPagodas / 2);
  });

  it('draws the sci-fi character cards as armoured figures, the period ones with their blades', async () => {
    expect(figureKindOf(SCI_FI)).toBe('armoured');
    expect(figureKindOf(1)).toBe('ancient');
    const template = findSiteTemplate(18);
    const design = findSiteDesign(18);
    const committed = templateAssetPath('/site-templates/defaults/t18-role-1.webp');
    if (!template || !design || !committed) throw new Error('template 18 has no character card');
    const camera = new SceneCamera(template.bannerId);
    const file = fs.readFileSync(committed);
    const armoured = await renderPortrait(camera, PORTRAIT_FRAMINGS[0], design.theme, 0, 'armoured');
    const ancient = await renderPortrait(camera, PORTRAIT_FRAMINGS[0], design.theme, 0, 'ancient');
    // The card drawn again matches the file (to within a renderer's drift), far closer than the period hero would.
    const [toArmoured, toAncient] = [await distance(file, armoured), await distance(file, ancient)];
    expect(toArmoured).toBeLessThan(2.5);
    expect(toArmoured).toBeLessThan(toAncient / 2);
  });
});
