/**
 * Run as its own process by defaultStart.test.ts: builds the app with the embedded defaults and
 * prints, as JSON, which of the distributed mode's packages the process loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

/** The distributed mode's packages, and fastify, which every start loads: the check must see that one. */
const PACKAGES = ['bullmq', 'ioredis', '@aws-sdk/client-s3', 'pg', 'fastify'];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-default-start-'));
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', CATALOG_PRERENDER: '0' }), { logger: false });
    await app.ready();
    const files = Object.keys(require.cache);
    const loaded = PACKAGES.filter((name) => files.some((file) => file.includes(`${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`)));
    await app.close();
    process.stdout.write(JSON.stringify({ loaded }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
