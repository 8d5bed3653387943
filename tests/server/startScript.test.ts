import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../config/paths';

describe('npm start with a bad setting', () => {
  it('stops with the one line naming it (and, when the SPA is stale, builds nothing first)', () => {
    const dataDir = path.join(os.tmpdir(), `wpg-start-${process.pid}`);
    const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['config/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SMS_PROVIDER: 'aliyun' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Configuration error: SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID\b/);
    expect(result.stdout).not.toContain('Building the SPA');
  });
});
