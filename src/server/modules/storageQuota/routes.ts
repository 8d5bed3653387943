import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { object, responses } from '../../http/schemaKit';
import { currentUser } from '../auth/currentUser';
import type { StorageQuota } from './storageQuota';

export const STORAGE_USAGE_PATH = '/api/user/storage';

const storageUsageSchema = {
  response: responses(object({ usedBytes: { type: 'integer' }, quotaBytes: { type: 'integer' } }, ['usedBytes', 'quotaBytes']), { needsLogin: true }),
};

/** 个人中心's 存储空间: the caller's own usage, nobody else's. */
export function registerStorageQuotaRoutes(app: FastifyInstance, quota: StorageQuota): void {
  /** GET /api/user/storage */
  app.get(STORAGE_USAGE_PATH, { config: { access: 'user' }, schema: storageUsageSchema }, async (request) => ok(await quota.usage(currentUser(request).id)));
}
