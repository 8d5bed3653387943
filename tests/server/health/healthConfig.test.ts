import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type Env } from '../../../src/server/config';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-health-config-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Env) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('METRICS_TOKEN and METRICS_ALLOW', () => {
  it('let nobody read the metrics by default', () => {
    expect(load({}).metrics).toEqual({ token: '', allow: [] });
  });

  it('read a long token and a list of addresses and networks', () => {
    expect(load({ METRICS_TOKEN: 'a'.repeat(24), METRICS_ALLOW: ' 10.0.0.0/8 ,192.168.1.5,fd00::/8,,::1' }).metrics).toEqual({ token: 'a'.repeat(24), allow: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8', '::1'] });
  });

  it.each([
    [{ METRICS_TOKEN: 'short-token' }, /METRICS_TOKEN must be at least 24 printable characters/],
    [{ METRICS_TOKEN: `${'a'.repeat(24)} b` }, /METRICS_TOKEN/],
    [{ METRICS_ALLOW: '10.0.0.0/33' }, /METRICS_ALLOW must list IP addresses or networks.*"10\.0\.0\.0\/33"/],
    [{ METRICS_ALLOW: 'localhost' }, /METRICS_ALLOW.*"localhost"/],
    [{ METRICS_ALLOW: '10.0.0.1/' }, /METRICS_ALLOW/],
  ])('refuses %j', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});

describe('OVERLOAD_*', () => {
  it('sheds load past a second of event-loop delay or near the heap limit by default, and never in test mode unless a test asks', () => {
    const { overload } = load({});
    expect(overload.maxEventLoopDelayMs).toBe(1000);
    expect(overload.maxHeapUsedMb).toBeGreaterThan(100);
    expect(overload.maxRssMb).toBe(0);
    expect(load({ NODE_ENV: 'test' }).overload).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedMb: 0, maxRssMb: 0 });
    expect(load({ NODE_ENV: 'test', OVERLOAD_MAX_RSS_MB: '2048' }).overload.maxRssMb).toBe(2048);
  });

  it('takes 0 as off and refuses what is not a whole number', () => {
    expect(load({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_HEAP_MB: '0' }).overload).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedMb: 0, maxRssMb: 0 });
    expect(() => load({ OVERLOAD_MAX_HEAP_MB: '1.5' })).toThrow(/OVERLOAD_MAX_HEAP_MB must be an integer/);
    expect(() => load({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(ConfigError);
  });
});
