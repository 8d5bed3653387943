/** The key-art prompt's styles are the app's banner styles: one style word for each, by the same id and key. */
import { ART_STYLES } from '../../../src/contract/artPrompt';
import { BANNER_STYLES } from '../../../src/server/render/styles';

it('names every banner style, with its id, key and name', () => {
  expect(ART_STYLES.map(({ id, key, name }) => ({ id, key, name }))).toEqual(BANNER_STYLES.map(({ id, key, name }) => ({ id, key, name })));
});
