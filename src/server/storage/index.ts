import type { StorageConfig } from '../config';
import { StartupError } from '../startupError';
import { DataFiles } from './dataFiles';
import { LocalFileStore } from './localStore';

export class StorageUnavailable extends StartupError {
  override name = 'StorageUnavailable';
}

/**
 * The file store the configuration names over DATA_DIR: DATA_DIR itself by default, or an
 * S3-compatible bucket (its SDK loaded only then). The bucket is asked once at start, so that a
 * wrong name, endpoint or key stops the start instead of the first render.
 */
export async function connectDataFiles(dataDir: string, storage: StorageConfig): Promise<DataFiles & { close(): void }> {
  if (storage.backend === 'local') return Object.assign(new DataFiles(dataDir, new LocalFileStore(dataDir)), { close: () => {} });
  const { S3FileStore } = await import('./s3Store');
  const store = new S3FileStore(storage);
  try {
    await store.check();
  } catch (error) {
    store.close();
    const where = storage.endpoint || `AWS S3 (${storage.region})`;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new StorageUnavailable(`Could not use the bucket ${storage.bucket} at ${where} (S3_*): ${reason}`, { cause: error });
  }
  return Object.assign(new DataFiles(dataDir, store), { close: () => store.close() });
}
