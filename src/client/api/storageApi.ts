import type { StorageUsage } from '../../contract/storageQuota';
import { call } from './http';

/** GET /api/user/storage: what the user keeps against their quota (个人中心). A figure beside the forms: a failure shows nothing. */
export function getStorageUsage(): Promise<StorageUsage> {
  return call<StorageUsage>({ method: 'GET', url: '/api/user/storage', skipErrorHandler: true });
}
