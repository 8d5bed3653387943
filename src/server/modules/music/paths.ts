import path from 'node:path';
import { CATALOG_MUSIC_FOLDER, CATALOG_URL_PREFIX, catalogRoot } from '../../queue/paths';

/**
 * Background music: DATA_DIR/catalog/music/<music version>/<slug>.mp3, served at
 * /generated/catalog/music/<music version>/<slug>.mp3 beside the gallery pictures.
 */
export const musicRoot = (dataDir: string): string => path.join(catalogRoot(dataDir), CATALOG_MUSIC_FOLDER);
export const MUSIC_URL_PREFIX = `${CATALOG_URL_PREFIX}${CATALOG_MUSIC_FOLDER}/`;
