/**
 * Attack: learn through the render queue's cache what another user rendered (an unannounced game's
 * name), or fetch their result without logging in. The job id is the result's folder
 * (/generated/<id>/logo.png), and it used to be a plain sha256 of the texts. By default finished
 * results are each user's own and ids are keyed; QUEUE_CACHE_SCOPE=shared shares them on purpose.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuilderMessages, type BannerStatusAnswer, type GenerateBannerAnswer } from '../../src/contract/builder';
import { AnswerCode } from '../../src/contract/envelope';
import { DEFAULT_LOGO_TEXTS, GenerationMessages, type LogoCreateAnswer, type LogoPollingAnswer } from '../../src/contract/generation';
import { openDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { migrationsBefore } from '../../src/server/db/migrations';
import { jobDir } from '../../src/server/queue/paths';
import { RENDERER_VERSION } from '../../src/server/render/jobSpec';
import { START_TIME, get, post } from '../server/helpers';
import { alice, bob, newSite, type Caller } from '../server/modules/builderKit';
import { FakeRunner, buildGenerationApp, settle, writeFakeFiles, type GenerationTestApp } from '../server/queue/kit';

let t: GenerationTestApp;
let a: Caller;
let b: Caller;

async function start(env: Record<string, string> = {}, runner = new FakeRunner('auto'), dataDir?: string): Promise<void> {
  t = await buildGenerationApp({ runner, env, dataDir });
  a = alice(t);
  b = bob(t);
}

afterEach(async () => {
  await t.close();
});

const secretTitle = { ...DEFAULT_LOGO_TEXTS, logotext: '星辰战纪', logobg: 3, module: 'tl', isFirst: true };
const create = (caller: Caller, body: object = secretTitle) => post<LogoCreateAnswer>(t, '/index/common/logoCreate', body, caller.headers);
const poll = (caller: Caller, uniqueId: string) => post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId }, caller.headers);
const unknownJob = { expired: true, errorMsg: GenerationMessages.jobUnknown, waitCount: 0, isCreate: false, logoUrl: '', bannerUrl: '', expectedSeconds: 0, stage: '', artMaker: '', artMakerLabel: '', keyArtUrl: '' };

/** The id the server used to give this form: sha256 of the renderer version, kind, style and texts. */
function oldUnkeyedId(): string {
  const { logotext, rightsealtext, bottomsealtext, bottomtext } = DEFAULT_LOGO_TEXTS;
  const parts = [RENDERER_VERSION, 'tl', 3, '星辰战纪', rightsealtext, bottomsealtext, bottomtext];
  expect(logotext).not.toBe('星辰战纪');
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

describe('by default (QUEUE_CACHE_SCOPE=user)', () => {
  it('a second user asking for the identical logo learns nothing: a job of their own, rendered anew', async () => {
    await start();
    const first = await create(a);
    await settle();
    expect((await poll(a, first.data.uniqueId)).data.isCreate).toBe(true);

    const probe = await create(b);
    expect(probe.code).toBe(200);
    expect(probe.data.uniqueId).toMatch(/^[0-9a-f]{32}$/);
    expect(probe.data.uniqueId).not.toBe(first.data.uniqueId);
    // Rendered anew for them (within the create call: a short render on an idle queue), at a URL of their own.
    expect(probe.data).toMatchObject({ isInquiry: false, logoUrl: `/generated/${probe.data.uniqueId}/logo.png` });
    await settle();
    expect(t.runner.userRenders()).toHaveLength(2);
    // The owner still gets their own result at once.
    expect((await create(a)).data).toMatchObject({ uniqueId: first.data.uniqueId, exist: true });
  });

  it('another user polling a job hears what an unknown id answers, while it waits and once it is done', async () => {
    await start({}, new FakeRunner('manual'));
    const job = (await create(a)).data.uniqueId;
    expect((await poll(b, '0'.repeat(32))).data).toEqual(unknownJob);
    expect((await poll(b, job)).data).toEqual(unknownJob);
    expect((await poll(a, job)).data).toMatchObject({ expired: false, isCreate: false });
    t.runner.userRenders()[0].finish();
    await settle();
    expect((await poll(b, job)).data).toEqual(unknownJob);
    expect((await poll(a, job)).data).toMatchObject({ isCreate: true, logoUrl: `/generated/${job}/logo.png` });
  });

  it('job ids are keyed: the old sha256 of the texts is not the id, and no file is served at its URL', async () => {
    await start();
    const job = (await create(a)).data.uniqueId;
    await settle();
    const old = oldUnkeyedId();
    expect(job).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: `/generated/${job}/logo.png` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/generated/${old}/logo.png` })).statusCode).toBe(404);
    // Still deterministic: the same request by the same user is the same job.
    expect((await create(a)).data.uniqueId).toBe(job);
  });

  it('the builder: another user asking for the identical banner gets a task of their own, and cannot poll the first', async () => {
    await start({}, new FakeRunner('manual'));
    const generate = async (caller: Caller): Promise<string> => {
      const site = await newSite(t, caller);
      const answer = await post<GenerateBannerAnswer>(t, '/api/createWeb/generateBanner', { id: site.id, isFirst: false, formData: { prompt: '星辰大海', logotext: '星辰战纪' } }, caller.headers);
      expect(answer.code).toBe(200);
      return new URL(answer.data.callbackUrl, 'http://x').searchParams.get('taskId') ?? '';
    };
    const first = await generate(a);
    const second = await generate(b);
    expect(second).not.toBe(first);
    expect(await get<BannerStatusAnswer>(t, `/api/createWeb/bannerStatus?taskId=${first}`, b.headers)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.bannerUnknown });
    // Each new site renders its preview for real (every picture encoded as WebP sizes, the display
    // face cut to the page): seconds each on a busy two-core machine, past jest's default 5 s.
  }, 60_000);
});

describe('with QUEUE_CACHE_SCOPE=shared', () => {
  it('an identical request by anyone is answered from the finished job, as the operator chose', async () => {
    await start({ QUEUE_CACHE_SCOPE: 'shared' });
    const first = await create(a);
    await settle();
    const second = await create(b);
    expect(second.data).toEqual({ uniqueId: first.data.uniqueId, isInquiry: false, exist: true, waitCount: 0, logoUrl: `/generated/${first.data.uniqueId}/logo.png`, bannerUrl: '', expectedSeconds: 0, artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    expect((await poll(b, first.data.uniqueId)).data.isCreate).toBe(true);
    expect(t.runner.userRenders()).toHaveLength(1);
    // Shared, but still keyed: nobody works the id out from the texts.
    expect(first.data.uniqueId).not.toBe(oldUnkeyedId());
  });
});

describe('an upgrade', () => {
  it('deletes the results made under the old unkeyed ids at the first start, with their files', async () => {
    // A data folder as the server left it before ids were keyed, holding one finished logo.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-old-ids-'));
    const old = oldUnkeyedId();
    const db = openDatabase(dataDir);
    try {
      runMigrations(db, migrationsBefore('keyed-job-ids'));
      const spec = { kind: 'tl' as const, logoStyle: 3, texts: { ...DEFAULT_LOGO_TEXTS, logotext: '星辰战纪' } };
      db.prepare(
        `INSERT INTO render_jobs (id, seq, kind, input, status, attempts, files, queued_at, touched_at, started_at, finished_at)
         VALUES (?, 1, 'tl', ?, 'done', 1, '["logo.png"]', ?, ?, ?, ?)`,
      ).run(old, JSON.stringify(spec), START_TIME, START_TIME, START_TIME, START_TIME);
      fs.mkdirSync(jobDir(dataDir, old), { recursive: true });
      writeFakeFiles(spec, jobDir(dataDir, old));
    } finally {
      db.close();
    }

    await start({}, new FakeRunner('auto'), dataDir);
    expect((await t.app.inject({ method: 'GET', url: `/generated/${old}/logo.png` })).statusCode).toBe(404);
    expect(fs.existsSync(jobDir(dataDir, old))).toBe(false);
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM render_jobs').get()).toEqual({ n: 0 });
  });
});
