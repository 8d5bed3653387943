import path from 'node:path';

/** Where published copies are kept under DATA_DIR: published/<slug>/. */
export const publishedRoot = (dataDir: string): string => path.join(dataDir, 'published');
export const publishedDir = (dataDir: string, slug: string): string => path.join(publishedRoot(dataDir), slug);
