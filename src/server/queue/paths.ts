import path from 'node:path';

/** Where generated files live inside DATA_DIR, and the URL spaces they are served under. */

/** A finished job's files: DATA_DIR/generated/<job id>/, served at /generated/<job id>/. */
export const generatedDir = (dataDir: string): string => path.join(dataDir, 'generated');
export const jobDir = (dataDir: string, id: string): string => path.join(generatedDir(dataDir), id);
export const jobFileUrl = (id: string, file: string): string => `/generated/${id}/${file}`;
export const GENERATED_URL_PREFIX = '/generated/';

/**
 * A finished job's extras (modules/generation/resultExtras.ts), each side render's files in a
 * folder of its own beside the job's files: DATA_DIR/generated/<job id>/<folder>/.
 */
export const EXTRAS_FOLDERS = { 'brand-kit': 'kit', 'banner-cuts': 'cuts', 'banner-webm': 'webm' } as const;

/** Renders write here first and are renamed into place whole, so no visitor sees half a result. */
export const renderTmpDir = (dataDir: string): string => path.join(dataDir, 'render-tmp');

/** Gallery pictures, one folder per renderer version: DATA_DIR/catalog/<version>/. */
export const catalogRoot = (dataDir: string): string => path.join(dataDir, 'catalog');
export const CATALOG_URL_PREFIX = '/generated/catalog/';
/**
 * DATA_DIR/catalog/music/<music version>/ holds the mini site's background music (made by
 * modules/music/musicLibrary.ts, which deletes its own old versions): not a renderer version.
 */
export const CATALOG_MUSIC_FOLDER = 'music';

/** Uploaded pictures under server-made names: DATA_DIR/uploads/<32 hex>.<ext>, served at /uploads/. */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Zips of results: DATA_DIR/zips/<key>/<name>.zip, served at /zips/. */
export const zipsDir = (dataDir: string): string => path.join(dataDir, 'zips');
export const ZIPS_URL_PREFIX = '/zips/';
