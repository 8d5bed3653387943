/**
 * Attack: one user (or several accounts on one machine) fills the render queue with full-size
 * banner renders, so that everyone else waits behind them. The rate limit (60 creates in 10
 * minutes) allowed dozens of jobs queued at once; now a user and an address may each have 3 jobs
 * queued or running (QUEUE_MAX_ACTIVE_PER_USER, QUEUE_MAX_ACTIVE_PER_IP), and the next one is
 * refused with code 429 and nothing queued.
 */
import { type GenerateBannerAnswer } from '../../src/contract/builder';
import { AnswerCode, type ApiEnvelope } from '../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type LogoCreateAnswer } from '../../src/contract/generation';
import { envelopeOf } from '../server/helpers';
import { newSite } from '../server/modules/builderKit';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from '../server/queue/kit';

let t: GenerationTestApp;

async function start(env: Record<string, string> = {}): Promise<void> {
  // Renders wait for the test: jobs stay queued or running until it finishes them.
  t = await buildGenerationApp({ runner: new FakeRunner('manual'), env: { RENDER_CONCURRENCY: '1', ...env } });
}

afterEach(async () => {
  await t.close();
});

const USER_REFUSAL = '您已有3个生成任务在进行中，请等当前任务完成后再试';
const IP_REFUSAL = '当前网络已有3个生成任务在进行中，请等当前任务完成后再试';

/** A distinct full-screen banner per number: the most expensive render a user can ask for. */
const banner = (n: number, isFirst = false) => ({ ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: `刷屏${n}`, logobg: 1, banner: 1, module: 'fsa', isFirst });

async function create(body: object, headers: Record<string, string>, remoteAddress = '203.0.113.10'): Promise<ApiEnvelope<LogoCreateAnswer> & { status: number }> {
  const response = await t.app.inject({ method: 'POST', url: '/index/common/logoCreate', payload: body, headers, remoteAddress });
  return { ...envelopeOf<LogoCreateAnswer>(response), status: response.statusCode };
}

const jobCount = (): number => (t.readDb().prepare('SELECT COUNT(*) AS n FROM render_jobs').get() as { n: number }).n;
const activeJobs = (): number => (t.readDb().prepare("SELECT COUNT(*) AS n FROM render_jobs WHERE status IN ('queued', 'running')").get() as { n: number }).n;

describe('the render queue against one user filling it', () => {
  it('refuses a fourth job of one account with the message and code 429, and queues nothing', async () => {
    await start();
    const { headers } = quickLogin(t);
    for (let n = 1; n <= 3; n += 1) expect((await create(banner(n), headers)).code).toBe(200);
    expect(jobCount()).toBe(3);
    expect(await create(banner(4), headers)).toEqual({ status: 200, code: AnswerCode.tooMany, msg: USER_REFUSAL, data: null });
    expect(jobCount()).toBe(3);
    expect(t.runner.userRenders()).toHaveLength(1);
    // A first request is refused too, rather than asked whether to queue.
    expect(await create(banner(4, true), headers)).toMatchObject({ code: AnswerCode.tooMany, msg: USER_REFUSAL });
    // Someone else is not held up by it.
    expect((await create(banner(4), quickLogin(t, '13900139000').headers, '198.51.100.20')).code).toBe(200);
  });

  it('refuses a fourth job from one address, whatever the accounts', async () => {
    await start();
    const accounts = ['13800000001', '13800000002', '13800000003', '13800000004'].map((phone) => quickLogin(t, phone).headers);
    for (let n = 0; n < 3; n += 1) expect((await create(banner(n), accounts[n], '198.51.100.7')).code).toBe(200);
    expect(await create(banner(3), accounts[3], '198.51.100.7')).toEqual({ status: 200, code: AnswerCode.tooMany, msg: IP_REFUSAL, data: null });
    expect(jobCount()).toBe(3);
    // An IPv6 client is counted by its /64: a new address in it is the same network.
    for (let n = 0; n < 3; n += 1) expect((await create(banner(10 + n), accounts[n], `2001:db8:1:2::${n + 1}`)).code).toBe(200);
    expect(await create(banner(13), accounts[3], '2001:db8:1:2:ffff::9')).toMatchObject({ code: AnswerCode.tooMany, msg: IP_REFUSAL });
    // The same account elsewhere is still within its own limit of 3 (it has none yet).
    expect((await create(banner(20), accounts[3], '192.0.2.1')).code).toBe(200);
    expect(jobCount()).toBe(7);
  });

  it('counts the same request twice as one job', async () => {
    await start();
    const { headers } = quickLogin(t);
    const first = await create(banner(1), headers);
    const again = await create(banner(1, true), headers);
    expect(again.data.uniqueId).toBe(first.data.uniqueId);
    expect((await create(banner(2), headers)).code).toBe(200);
    expect((await create(banner(3), headers)).code).toBe(200);
    expect(jobCount()).toBe(3);
    // Asked for again while three are active: still answered, not refused.
    expect((await create(banner(1), headers)).data.uniqueId).toBe(first.data.uniqueId);
    expect((await create(banner(4), headers)).msg).toBe(USER_REFUSAL);
  });

  it('lets the user submit again once a job has finished (or failed)', async () => {
    await start();
    const { headers } = quickLogin(t);
    for (let n = 1; n <= 3; n += 1) await create(banner(n), headers);
    expect((await create(banner(4), headers)).code).toBe(AnswerCode.tooMany);
    t.runner.userRenders()[0].finish();
    await settle();
    expect((await create(banner(4), headers)).code).toBe(200);
    expect((await create(banner(5), headers)).code).toBe(AnswerCode.tooMany);
    t.runner.userRenders()[1].fail(new Error('boom'));
    await settle();
    expect((await create(banner(5), headers)).code).toBe(200);
    expect(activeJobs()).toBe(3);
  });

  it('does not count an inquiry: a first request behind a long queue queues nothing', async () => {
    await start({ QUEUE_INQUIRY_THRESHOLD: '0' });
    await create(banner(0), quickLogin(t, '13900139000').headers, '198.51.100.20');
    const { headers } = quickLogin(t);
    for (let n = 1; n <= 4; n += 1) expect((await create(banner(n, true), headers)).data).toMatchObject({ isInquiry: true, uniqueId: '' });
    expect(jobCount()).toBe(1);
    for (let n = 1; n <= 3; n += 1) expect((await create(banner(n), headers)).data).toMatchObject({ isInquiry: false });
    expect((await create(banner(4), headers)).msg).toBe(USER_REFUSAL);
  });

  it('counts the builder\'s banners with the other jobs, both ways', async () => {
    await start();
    const caller = quickLogin(t);
    const site = await newSite(t, caller);
    const generate = async (prompt: string): Promise<ApiEnvelope<GenerateBannerAnswer>> => {
      const body = { id: site.id, isFirst: false, formData: { prompt, logotext: '刷屏' } };
      return envelopeOf<GenerateBannerAnswer>(await t.app.inject({ method: 'POST', url: '/api/createWeb/generateBanner', payload: body, headers: caller.headers, remoteAddress: '203.0.113.10' }));
    };
    expect((await create(banner(1), caller.headers)).code).toBe(200);
    expect((await generate('第一张')).code).toBe(200);
    expect((await generate('第二张')).code).toBe(200);
    expect(await generate('第三张')).toEqual({ code: AnswerCode.tooMany, msg: USER_REFUSAL, data: null });
    expect((await create(banner(2), caller.headers)).msg).toBe(USER_REFUSAL);
    expect(jobCount()).toBe(3);
    // The refused banner was not recorded as the user's task either.
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM builder_banner_tasks').get()).toEqual({ n: 2 });
  });
});
