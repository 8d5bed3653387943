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

  it('after a kill: the running job runs again at once in its old place, through three kills; the fourth fails it, and the jobs behind it finish', async () => {
    const first = await open({ runner: new FakeRunner('manual') });
    const headers = quickLogin(first).headers;
    const interrupted = (await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form('甲'), headers)).data.uniqueId;
    const waiting: string[] = [];
    for (const text of ['乙', '丙']) waiting.push((await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form(text), headers)).data.uniqueId);
    await first.runner.started(1);
    let killed = killedCopy(first);

    for (let restart = 1; restart <= 3; restart += 1) {
      // A second after the kill: the 20 s lease has not lapsed, and nobody waits for it.
      const server = await open({ dataDir: killed, clock: createClock(START_TIME + restart * 1_000), runner: new FakeRunner('manual') });
      await server.runner.started(1);
      expect(server.runner.renders.map((render) => render.spec)).toEqual([expect.objectContaining({ texts: expect.objectContaining({ logotext: '甲' }) })]);
      const row = server.readDb().prepare('SELECT status, attempts, interruptions FROM render_jobs WHERE id = ?').get(interrupted);
      // The kill is not counted as an attempt of its own: only the new claim is.
      expect(row).toEqual({ status: 'running', attempts: 1, interruptions: restart });
      expect(server.logs.some((line) => line.includes('interrupted by a restart: queued again') && line.includes(interrupted))).toBe(true);
      // The jobs behind it keep their places and their counts.
      const poll = (uniqueId: string) => post<LogoPollingAnswer>(server, '/index/common/logoPolling', { uniqueId }, headers);
      expect((await poll(waiting[0])).data.waitCount).toBe(1);
      expect((await poll(waiting[1])).data.waitCount).toBe(2);
      expect(server.readDb().prepare("SELECT COUNT(*) AS n FROM render_jobs WHERE status = 'queued' AND attempts = 0 AND interruptions = 0").get()).toEqual({ n: 2 });
      killed = killedCopy(server);
    }

    const last = await open({ dataDir: killed, clock: createClock(START_TIME + 4_000), runner: new FakeRunner('auto') });
    await settle();
    expect(last.runner.renders.map((render) => (render.spec as { texts: { logotext: string } }).texts.logotext)).toEqual(['乙', '丙']);
    const poll = (uniqueId: string) => post<LogoPollingAnswer>(last, '/index/common/logoPolling', { uniqueId }, headers);
    expect((await poll(interrupted)).data).toMatchObject({ expired: true, errorMsg: GenerationMessages.renderInterrupted, isCreate: false });
    expect(last.logs.some((line) => line.includes('interrupted by too many restarts') && line.includes(interrupted))).toBe(true);
    for (const id of waiting) expect((await poll(id)).data.isCreate).toBe(true);
    // Asked for again, it is a new job with all its chances.
    expect((await post<LogoCreateAnswer>(last, '/index/common/logoCreate', form('甲'), headers)).data.uniqueId).toBe(interrupted);
    await settle();
    expect(last.readDb().prepare('SELECT status, interruptions FROM render_jobs WHERE id = ?').get(interrupted)).toEqual({ status: 'done', interruptions: 0 });
  });

  it('a job running at a kill runs again as soon as the server starts, without waiting for its lease', async () => {
    const first = await open({ runner: new FakeRunner('manual') });
    const headers = quickLogin(first).headers;
    const id = (await post<LogoCreateAnswer>(first, '/index/common/logoCreate', form('甲'), headers)).data.uniqueId;
    await first.runner.started(1);
    const copy = killedCopy(first);
    const { lease_until: leaseUntil } = first.readDb().prepare('SELECT lease_until FROM render_jobs WHERE id = ?').get(id) as { lease_until: number };
    // The clock stands still: nothing but the start-up can make the job run.
    const clock = createClock(START_TIME + 1_000);
    expect(leaseUntil).toBeGreaterThan(clock.now());
    const second = await open({ dataDir: copy, clock, runner: new FakeRunner('auto') });
    await settle();
    expect(second.runner.renders).toHaveLength(1);
    expect(second.runner.renders[0].spec).toMatchObject({ texts: { logotext: '甲' } });
    expect((await post<LogoPollingAnswer>(second, '/index/common/logoPolling', { uniqueId: id }, headers)).data.isCreate).toBe(true);
    expect(second.logs.some((line) => line.includes('lease lapsed'))).toBe(false);
  });
});
