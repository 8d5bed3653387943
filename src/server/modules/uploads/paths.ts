import path from 'node:path';

export { uploadsDir, UPLOADS_URL_PREFIX } from '../../queue/paths';
/** An upload is streamed here, checked, then renamed into uploads/. */
export const uploadsTmpDir = (dataDir: string): string => path.join(dataDir, 'uploads-tmp');
