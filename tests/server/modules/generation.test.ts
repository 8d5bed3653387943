import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { GENERATION_RATE_LIMITS } from '../../../src/server/modules/generation/rateLimits';
import { post } from '../helpers';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationAppOptions, type GenerationTestApp } from '../queue/kit';

let t: GenerationTestApp;
let auth: Record<string, string>;

afterEach(async () => {
  await t.close();
});

async function start(runner = new FakeRunner('auto'), env: Record<string, string> = {}, queue: GenerationAppOptions['queue'] = {}): Promise<void> {
  t = await buildGenerationApp({ runner, env, queue });
  auth = quickLogin(t).headers;
}

const logoForm = { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl', isFirst: true };
const bannerForm = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa', isFirst: true };

const create = (body: object, headers = auth) => post<LogoCreateAnswer>(t, '/index/common/logoCreate', body, headers);
const poll = (uniqueId: string, headers = auth) => post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId }, headers);

describe('POST /index/common/logoCreate', () => {
  beforeEach(() => start());

  it('needs a login: HTTP 401', async () => {
    const answer = await create(logoForm, {});
    expect(answer).toEqual({ status: 401, code: 401, msg: Messages.loginExpired, data: null });
    expect((await create(logoForm, { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });

  it('renders a transparent logo on an idle queue within the create call: its answer is the result (exist), and so is a poll', async () => {
    const created = await create(logoForm);
    expect(created).toMatchObject({ status: 200, code: 200 });
    const id = created.data.uniqueId;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(created.data).toEqual({ uniqueId: id, isInquiry: false, exist: true, waitCount: 0, logoUrl: `/generated/${id}/logo.png`, bannerUrl: '', expectedSeconds: 0, artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    const polled = await poll(id);
    expect(polled.data).toEqual({ expired: false, errorMsg: '', waitCount: 0, isCreate: true, logoUrl: `/generated/${id}/logo.png`, bannerUrl: '', expectedSeconds: 0, stage: '', artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    expect(t.runner.renders[0].spec).toEqual({ kind: 'tl', logoStyle: 3, texts: DEFAULT_LOGO_TEXTS });

    const file = await t.app.inject({ method: 'GET', url: polled.data.logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // The same form again: the result at once, no second render.
    const again = await create(logoForm);
    expect(again.data).toEqual({ uniqueId: created.data.uniqueId, isInquiry: false, exist: true, waitCount: 0, logoUrl: polled.data.logoUrl, bannerUrl: '', expectedSeconds: 0, artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    // After the logo, and only once: its brand kit, in idle time.
    await settle();
    expect(t.runner.renders.map((render) => render.spec)).toEqual([
      { kind: 'tl', logoStyle: 3, texts: DEFAULT_LOGO_TEXTS },
      { kind: 'brand-kit', logoStyle: 3, texts: DEFAULT_LOGO_TEXTS },
    ]);
  });

  it('renders a banner with its logo: logo, video and poster', async () => {
    const created = await create(bannerForm);
    // A banner (15 s in TEST_SEEDS) takes far longer than a create may wait: it is queued and polled, as the spec says.
    expect(created.data).toMatchObject({ exist: false, waitCount: 0, expectedSeconds: 15 });
    await settle();
    const { data } = await poll(created.data.uniqueId);
    const id = created.data.uniqueId;
    expect(data).toMatchObject({ isCreate: true, logoUrl: `/generated/${id}/logo.png`, bannerUrl: `/generated/${id}/banner.mp4` });
    expect(t.runner.renders[0].spec).toEqual({ kind: 'fsa', logoStyle: 3, bannerStyle: 2, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS });
    const video = await t.app.inject({ method: 'GET', url: data.bannerUrl });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect((await t.app.inject({ method: 'GET', url: `/generated/${id}/banner-poster.jpg` })).headers['content-type']).toBe('image/jpeg');
  });

  it('animated and transparent logos of the same form are different jobs', async () => {
    const tl = await create(logoForm);
    const al = await create({ ...logoForm, module: 'al' });
    expect(al.data.uniqueId).not.toBe(tl.data.uniqueId);
    await settle();
    expect((await poll(al.data.uniqueId)).data.logoUrl).toBe(`/generated/${al.data.uniqueId}/logo.webp`);
    expect(t.runner.renders.filter((render) => render.spec.kind !== 'brand-kit')[1].spec.kind).toBe('al');
  });

  it.each([
    ['an unknown module', { ...logoForm, module: 'xx' }, GenerationMessages.moduleInvalid],
    ['no module', { ...logoForm, module: undefined }, GenerationMessages.moduleInvalid],
    ['an empty logo text', { ...logoForm, logotext: '' }, GenerationMessages.logoTextRequired],
    ['a blank logo text', { ...logoForm, logotext: '   ' }, GenerationMessages.logoTextRequired],
    ['a logo text of 7 characters', { ...logoForm, logotext: '一二三四五六七' }, GenerationMessages.logoTextLength],
    ['a right seal of 5 characters', { ...logoForm, rightsealtext: '一二三四五' }, GenerationMessages.sealTooLong],
    ['a bottom seal of 5 characters', { ...logoForm, bottomsealtext: '一二三四五' }, GenerationMessages.sealTooLong],
    ['a bottom text of 41 characters', { ...logoForm, bottomtext: '字'.repeat(41) }, GenerationMessages.bottomTextTooLong],
    ['no logo template', { ...logoForm, logobg: 0 }, GenerationMessages.logoTemplateRequired],
    ['an unknown logo template', { ...logoForm, logobg: 27 }, GenerationMessages.logoTemplateMissing],
    ['a banner without a banner template', { ...bannerForm, banner: undefined }, GenerationMessages.bannerTemplateRequired],
    ['an unknown banner template', { ...bannerForm, banner: 15 }, GenerationMessages.bannerTemplateMissing],
    ['a banner with an unknown logo template', { ...bannerForm, logobg: 99 }, GenerationMessages.logoTemplateMissing],
    ['a short upper banner text', { ...bannerForm, bannertextup: '十四个字十四个字十四个字十四' }, GenerationMessages.bannerTextLength],
    ['a long lower banner text', { ...bannerForm, bannertextdown: '字'.repeat(31) }, GenerationMessages.bannerTextLength],
    ['a banner with a long logo text', { ...bannerForm, logotext: '一二三四五六七' }, GenerationMessages.logoTextLength],
  ])('refuses %s with the form message (code 422)', async (_label, body, message) => {
    const answer = await create(body);
    expect(answer).toEqual({ status: 200, code: AnswerCode.invalid, msg: message, data: null });
    expect(t.runner.renders).toHaveLength(0);
  });

  it('ignores the banner fields of a logo, and accepts empty optional texts', async () => {
    const answer = await create({ ...logoForm, banner: 999, bannertextup: 'x', rightsealtext: '', bottomsealtext: '', bottomtext: '' });
    expect(answer.code).toBe(200);
    expect(t.runner.renders[0].spec).toEqual({ kind: 'tl', logoStyle: 3, texts: { ...DEFAULT_LOGO_TEXTS, rightsealtext: '', bottomsealtext: '', bottomtext: '' } });
  });

  it('refuses oversized input before looking at it', async () => {
    const answer = await create({ ...logoForm, logotext: '字'.repeat(1001) });
    expect(answer.code).toBe(AnswerCode.invalid);
    expect(answer.msg).toContain('logotext');
  });

  it('limits creations per user (code 429)', async () => {
    for (let n = 0; n < GENERATION_RATE_LIMITS.createPerUser.limit; n += 1) expect((await create(logoForm)).code).toBe(200);
    expect(await create(logoForm)).toEqual({ status: 200, code: AnswerCode.tooMany, msg: Messages.tooManyRequests, data: null });
    // Another user is not affected; the window passes.
    expect((await create(logoForm, quickLogin(t, '13900139000').headers)).code).toBe(200);
    t.clock.advance(GENERATION_RATE_LIMITS.createPerUser.windowMs);
    expect((await create(logoForm)).code).toBe(200);
  });
});

describe('the create\'s quick answer', () => {
  /** The answer if it comes within `ms`, else 'pending'. The quick waits here last a minute: the margins are wide. */
  async function within<T>(answer: Promise<T>, ms: number): Promise<T | 'pending'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([answer, new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)))]);
    } finally {
      clearTimeout(timer);
    }
  }
  const stillWaiting = <T>(answer: Promise<T>) => within(answer, 100);
  const soon = <T>(answer: Promise<T>) => within(answer, 3_000);

  it('waits for a short render that starts at once, and answers with its result: one call, no poll', async () => {
    await start(new FakeRunner('manual'), {}, { quickWaitMs: 60_000 });
    const answer = create(logoForm);
    expect(await stillWaiting(answer)).toBe('pending');
    t.runner.renders[0].finish();
    const { data } = await answer;
    expect(data).toEqual({ uniqueId: expect.any(String), isInquiry: false, exist: true, waitCount: 0, logoUrl: `/generated/${data.uniqueId}/logo.png`, bannerUrl: '', expectedSeconds: 0, artMaker: '', artMakerLabel: '', keyArtUrl: '' });
  });

  it('waits no longer than its limit: then it answers as before, and the poll brings the result', async () => {
    // A logo (expected in 0.2 s) that is not done by the limit (30 ms here, a second in production).
    await start(new FakeRunner('manual'), {}, { quickWaitMs: 30 });
    const { data } = await create(logoForm);
    expect(data).toMatchObject({ exist: false, waitCount: 0, logoUrl: '' });
    t.runner.renders[0].finish();
    await settle();
    expect((await poll(data.uniqueId)).data).toMatchObject({ isCreate: true, logoUrl: `/generated/${data.uniqueId}/logo.png` });
  });

  it('answers a failure quickly too: the first poll says why', async () => {
    await start(new FakeRunner('manual'), {}, { quickWaitMs: 60_000 });
    const answer = create(logoForm);
    await settle();
    t.runner.renders[0].fail(new Error('boom'));
    const { data } = await answer;
    expect(data).toMatchObject({ exist: false, uniqueId: expect.any(String), expectedSeconds: 0 });
    expect((await poll(data.uniqueId)).data).toMatchObject({ expired: true, errorMsg: GenerationMessages.renderFailed });
  });

  it('does not wait for a long render (a banner, an animated logo), nor behind another job', async () => {
    await start(new FakeRunner('manual'), { RENDER_CONCURRENCY: '1' }, { quickWaitMs: 60_000 });
    expect(await soon(create(bannerForm))).toMatchObject({ data: { exist: false, waitCount: 0, expectedSeconds: 15 } });
    // Behind the banner, even a quick logo is polled.
    expect(await soon(create(logoForm))).toMatchObject({ data: { exist: false, waitCount: 1 } });
    expect(await soon(create({ ...logoForm, module: 'al' }))).toMatchObject({ data: { exist: false, waitCount: 2 } });
  });

  it('holds at most one waiting create per user, and no more at once than there are render slots', async () => {
    await start(new FakeRunner('manual'), { RENDER_CONCURRENCY: '2', QUEUE_CACHE_SCOPE: 'shared' }, { quickWaitMs: 60_000 });
    const first = create(logoForm);
    expect(await stillWaiting(first)).toBe('pending');
    // The same user again, another logo in the free slot: answered at once, and polled.
    expect(await soon(create({ ...logoForm, logotext: '凤舞' }))).toMatchObject({ data: { exist: false, waitCount: 0 } });
    // Another user joins the first job (results are shared here): a second wait fills the two slots' worth.
    const bob = quickLogin(t, '13900139000').headers;
    const second = create(logoForm, bob);
    expect(await stillWaiting(second)).toBe('pending');
    // A third user finds the waits all taken: answered at once.
    expect(await soon(create(logoForm, quickLogin(t, '13700137000').headers))).toMatchObject({ data: { exist: false, waitCount: 0 } });
    t.runner.renders[0].finish();
    expect((await first).data).toMatchObject({ exist: true });
    expect((await second).data).toMatchObject({ exist: true });
  });
});

describe('the queue through the API', () => {
  it('gives wait counts, asks before queueing behind a long queue, and with shared results shares identical jobs', async () => {
    // Shared: the default (per user) gives the second user a job of their own (tests/security/cacheProbe.test.ts).
    // Four jobs of one user from one address: past the default limits of 3 (tests/security/queueFlood.test.ts).
    await start(new FakeRunner('manual'), {
      RENDER_CONCURRENCY: '1',
      QUEUE_INQUIRY_THRESHOLD: '2',
      QUEUE_CACHE_SCOPE: 'shared',
      QUEUE_MAX_ACTIVE_PER_USER: '4',
      QUEUE_MAX_ACTIVE_PER_IP: '4',
    });
    const forms = [1, 2, 3].map((n) => ({ ...logoForm, logotext: `龙${n}`, isFirst: false }));
    const ids: string[] = [];
    for (const [n, form] of forms.entries()) {
      const { data } = await create(form);
      expect(data.waitCount).toBe(n);
      ids.push(data.uniqueId);
    }
    expect((await poll(ids[2])).data).toEqual({ expired: false, errorMsg: '', waitCount: 2, isCreate: false, logoUrl: '', bannerUrl: '', expectedSeconds: expect.any(Number), stage: 'queued', artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    // The one rendering says so: 视频合成中 for a job that paints nothing.
    expect((await poll(ids[0])).data.stage).toBe('rendering');
    expect((await poll(ids[0])).data.waitCount).toBe(0);

    const asked = await create({ ...logoForm, logotext: '龙4', isFirst: true });
    expect(asked.data).toEqual({ uniqueId: '', isInquiry: true, exist: false, waitCount: 3, logoUrl: '', bannerUrl: '', expectedSeconds: 0, artMaker: '', artMakerLabel: '', keyArtUrl: '' });
    const confirmed = await create({ ...logoForm, logotext: '龙4', isFirst: false });
    expect(confirmed.data).toMatchObject({ isInquiry: false, waitCount: 3 });
    // Someone else asking for a queued job joins it, without a question.
    const joined = await create({ ...forms[1], isFirst: true }, quickLogin(t, '13900139000').headers);
    expect(joined.data).toMatchObject({ uniqueId: ids[1], isInquiry: false, waitCount: 1 });

    t.runner.renders[0].finish();
    await settle();
    expect((await poll(ids[0])).data.isCreate).toBe(true);
    expect((await poll(ids[1])).data.waitCount).toBe(0);
    expect((await poll(ids[2])).data.waitCount).toBe(1);
  });

  it('polling: unknown and dropped jobs expire with a message, failures give theirs', async () => {
    await start(new FakeRunner('manual'), { RENDER_CONCURRENCY: '1', QUEUE_UNPOLLED_EXPIRY_SECONDS: '60' });
    const unknown = { expired: true, errorMsg: GenerationMessages.jobUnknown, waitCount: 0, isCreate: false, logoUrl: '', bannerUrl: '', expectedSeconds: 0, stage: '', artMaker: '', artMakerLabel: '', keyArtUrl: '' };
    expect((await poll('0'.repeat(32))).data).toEqual(unknown);
    expect((await poll('')).data).toEqual(unknown);
    expect((await poll('../../app.db')).data).toEqual(unknown);
    expect((await poll('x', {})).status).toBe(401);

    const failing = (await create({ ...logoForm, logotext: '甲' })).data.uniqueId;
    const forgotten = (await create({ ...logoForm, logotext: '乙' })).data.uniqueId;
    t.clock.advanceSeconds(61);
    expect((await poll(forgotten)).data).toEqual(unknown);
    t.runner.renders[0].fail(new Error('boom'));
    await settle();
    expect((await poll(failing)).data).toEqual({ ...unknown, errorMsg: GenerationMessages.renderFailed });
  });
});

describe('POST /index/common/getLogoCreationDuration', () => {
  beforeEach(() => start());

  it('answers the seeded render times before any render here (not the spec\'s 180 s), per module and style, without a login', async () => {
    expect(await post(t, '/index/common/getLogoCreationDuration', {})).toEqual({ status: 200, code: 200, msg: 'success', data: { logoCreationDuration: 0.2 } });
    expect((await post(t, '/index/common/getLogoCreationDuration', { module: 'al', logobg: 3 })).data).toEqual({ logoCreationDuration: 4 });
    expect((await post(t, '/index/common/getLogoCreationDuration', { module: 'fsa', logobg: 3, banner: 2 })).data).toEqual({ logoCreationDuration: 15 });
    const bare = await t.app.inject({ method: 'POST', url: '/index/common/getLogoCreationDuration' });
    expect(bare.json()).toMatchObject({ code: 200, data: { logoCreationDuration: 0.2 } });
  });

  it('answers the measured time of the style once it was rendered, and scales the other styles\' seeds by it', async () => {
    t.runner.onStart = () => t.clock.advance(1_500);
    await create(logoForm);
    await create({ ...logoForm, logotext: '凤舞' });
    await settle();
    expect((await post(t, '/index/common/getLogoCreationDuration', { module: 'tl', logobg: 3 })).data).toEqual({ logoCreationDuration: 1.5 });
    // Style 4's seed (0.4 s) times this server's 7.5 (1.5 s against 0.2 s): 3 s.
    expect((await post(t, '/index/common/getLogoCreationDuration', { module: 'tl', logobg: 4 })).data).toEqual({ logoCreationDuration: 3 });
  });

  it('refuses an unknown module', async () => {
    expect(await post(t, '/index/common/getLogoCreationDuration', { module: 'xx' })).toMatchObject({ code: 422, msg: GenerationMessages.moduleInvalid });
  });
});
