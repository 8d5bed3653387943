/**
 * Restarts through the whole app. A kill is simulated honestly: a consistent snapshot of the
 * database taken while a render runs is exactly what a killed server leaves (the last committed
 * state, the running job's lease no longer renewed); the next server starts on that snapshot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS, GenerationMessages, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { DATABASE_FILE } from '../../../src/server/db/database';
import { START_TIME, createClock, post } from '../helpers';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from './kit';

const dirs: string[] = [];
const apps: GenerationTestApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(options: Parameters<typeof buildGenerationApp>[0]): Promise<GenerationTestApp> {
  const app = await buildGenerationApp({ keepDataDir: true, env: { RENDER_CONCURRENCY: '1' }, ...options });
  apps.push(app);
  if (!dirs.includes(app.dataDir)) dirs.push(app.dataDir);
  return app;
}

/** What a kill at this moment leaves behind: a new data folder holding the committed database. */
function killedCopy(t: GenerationTestApp): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-killed-'));
  dirs.push(dir);
  t.readDb().exec(`VACUUM INTO '${path.join(dir, DATABASE_FILE)}'`);
  return dir;
}

const form = (logotext: string) => ({ ...DEFAULT_LOGO_TEXTS, logotext, logobg: 1, module: 'tl', isFirst: false });

describe('a restart', () => {
  it('after a clean close: the interrupted and the queued jobs all run, nothing is lost', async () => {
    const first = await open({ runner: new FakeRunner('manual') });
    const headers = quickLogin(first).headers;
    const ids: string[] = [];
    for (const text of ['甲', '乙', '丙']) ids.push((await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form(text), headers)).data.uniqueId);
    await first.runner.started(1);
    await first.app.close();
    apps.splice(apps.indexOf(first), 1);
    expect(first.runner.renders[0].signal.aborted).toBe(true);

    const second = await open({ dataDir: first.dataDir, clock: createClock(START_TIME + 5_000), runner: new FakeRunner('auto') });
    await settle();
    expect(second.runner.renders.map((render) => render.spec)).toEqual(['甲', '乙', '丙'].map((logotext) => ({ kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext } })));
    for (const id of ids) expect((await post<LogoPollingAnswer>(second, '/index/common/logoPolling', { uniqueId: id }, headers)).data.isCreate).toBe(true);
  });

  it('after a kill: a stalled job runs again once, fails on the second stall, and the queued ones finish', async () => {
    const first = await open({ runner: new FakeRunner('manual') });
    const headers = quickLogin(first).headers;
    const stalled = (await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form('甲'), headers)).data.uniqueId;
    const waiting = [];
    for (const text of ['乙', '丙']) waiting.push((await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form(text), headers)).data.uniqueId);
    await first.runner.started(1);
    const afterFirstKill = killedCopy(first);

    // The lease (20 s) lapses while the server is down.
    const second = await open({ dataDir: afterFirstKill, clock: createClock(START_TIME + 60_000), runner: new FakeRunner('manual') });
    await second.runner.started(1);
    expect(second.runner.renders[0].spec).toMatchObject({ texts: { logotext: '甲' } });
    expect(second.readDb().prepare('SELECT status, attempts FROM render_jobs WHERE id = ?').get(stalled)).toEqual({ status: 'running', attempts: 2 });
    expect(second.logs.some((line) => line.includes('queued again') && line.includes(stalled))).toBe(true);
    const afterSecondKill = killedCopy(second);

    const third = await open({ dataDir: afterSecondKill, clock: createClock(START_TIME + 120_000), runner: new FakeRunner('auto') });
    await settle();
    expect(third.runner.renders.map((render) => (render.spec as { texts: { logotext: string } }).texts.logotext)).toEqual(['乙', '丙']);
    const poll = (uniqueId: string) => post<LogoPollingAnswer>(third, '/index/common/logoPolling', { uniqueId }, headers);
    expect((await poll(stalled)).data).toMatchObject({ expired: true, errorMsg: GenerationMessages.renderFailed, isCreate: false });
    for (const id of waiting) expect((await poll(id)).data.isCreate).toBe(true);
  });

  it('a running job whose lease has not lapsed yet is left alone until it does', async () => {
    const first = await open({ runner: new FakeRunner('manual') });
    const headers = quickLogin(first).headers;
    await post(first, '/index/common/logoCreate', form('甲'), headers);
    await first.runner.started(1);
    const copy = killedCopy(first);
    const clock = createClock(START_TIME + 1_000);
    const second = await open({ dataDir: copy, clock, runner: new FakeRunner('auto'), queue: { sweepIntervalMs: 20 } });
    await settle();
    expect(second.runner.renders).toHaveLength(0);
    clock.advanceSeconds(30);
    await second.runner.started(1);
    expect(second.runner.renders[0].spec).toMatchObject({ texts: { logotext: '甲' } });
  });
});
