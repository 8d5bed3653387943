/**
 * The default start does not pay for the backends it does not use (issue 14): BullMQ, ioredis, the
 * AWS SDK and the PostgreSQL driver are loaded only when their variables are set.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(120_000);

it('loads no package of the distributed mode on the embedded defaults', () => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'defaultStartLoads.ts')], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', STORAGE_BACKEND: '', QUEUE_BACKEND: '' } });
  // fastify is found: the check looks in the right place.
  expect((JSON.parse(output) as { loaded: string[] }).loaded).toEqual(['fastify']);
});
