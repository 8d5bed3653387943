/** The key-art prompt's styles are the app's banner styles: one style word for each, by the same id and key. */
import { ART_STYLES } from '../../../src/contract/artPrompt';
import { BANNER_STYLES } from '../../../src/server/render/styles';
import { BANNERS, bannerArtStyleOf } from '../../../src/server/render/builder/definitions/banner';

it('names every banner style, with its id, key and name', () => {
  expect(ART_STYLES.map(({ id, key, name }) => ({ id, key, name }))).toEqual(BANNER_STYLES.map(({ id, key, name }) => ({ id, key, name })));
});

it('gives every builder banner template the style of its scene', () => {
  const keys = new Set<string>(ART_STYLES.map((style) => style.key));
  for (const banner of BANNERS) expect(keys.has(bannerArtStyleOf(banner.id))).toBe(true);
  expect(bannerArtStyleOf(1)).toBe('cloud-sea');
  expect(bannerArtStyleOf(9999)).toBe('');
});
