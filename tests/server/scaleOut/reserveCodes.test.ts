/**
 * 预约 on two API servers over one PostgreSQL: 50 players reserving at once, half on each server,
 * with fewer gift codes than players. Each code is given once and only once, every player counts
 * once, and those past the last code are told codes come later.
 */
import { ReserveOwnerRoutes, ReserveRoutes, type GiftCodeAddAnswer, type ReserveOwnerState, type ReserveSuccess } from '../../../src/contract/reservations';
import { OPEN_SETTINGS } from '../modules/reservations/kit';
import { TEST_SECRET, bearer, get, post, type TestApp } from '../helpers';
import { testToken } from '../testTokens';
import { scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(180_000);

const PLAYERS = 50;
const CODES = 40;

(scaleOutServersAvailable() ? describe : describe.skip)('预约 on two API servers', () => {
  let cluster: Cluster;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Behind a proxy: each player is its own address, as on a real launch day.
    cluster = await startCluster(2, { env: { TRUST_PROXY: '1' } });
    [a, b] = cluster.servers;
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('gives each gift code once under 50 concurrent 预约s, and counts each player once', async () => {
    const at = cluster.clock.now();
    const { sql } = cluster.db;
    const user = await sql.insertInto('users').values({ name: '工作室', mobile: '13900000001', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const site = await sql
      .insertInto('builder_sites')
      .values({ user_id: user.id, web_name: '上线页', selected: '{}', form_data: '{}', dir: 'launch-page', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = bearer(testToken(TEST_SECRET, Number(user.id), 0, at));
    const ref = { builderId: Number(site.id) };
    const saved = await post<ReserveOwnerState>(a, ReserveOwnerRoutes.settings, { ...ref, settings: OPEN_SETTINGS }, owner);
    const campaignId = saved.data.campaignId ?? '';
    expect((await post<GiftCodeAddAnswer>(b, ReserveOwnerRoutes.generateCodes, { ...ref, count: CODES }, owner)).data.added).toBe(CODES);

    // Each player gets an SMS code (captcha on one server, checked and sent on the other).
    const players = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const phone = `135${String(i).padStart(8, '0')}`;
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      const [maker, checker] = i % 2 ? [a, b] : [b, a];
      const captcha = await get<{ captchaId: string }>(maker, ReserveRoutes.captcha, headers);
      const { answer } = await sql.selectFrom('captchas').select('answer').where('id', '=', captcha.data.captchaId).executeTakeFirstOrThrow();
      expect((await post(checker, ReserveRoutes.verifyCaptcha, { captchaId: captcha.data.captchaId, code: answer }, headers)).code).toBe(200);
      expect((await post(maker, ReserveRoutes.sendSms, { campaignId, phone, captchaId: captcha.data.captchaId }, headers)).code).toBe(200);
      const { code } = await sql.selectFrom('sms_outbox').select('code').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
      players.push({ phone, smsCode: code, headers, server: i % 2 ? b : a });
    }

    const answers = await Promise.all(
      players.map(({ phone, smsCode, headers, server }) => post<ReserveSuccess>(server, ReserveRoutes.submit, { campaignId, phone, smsCode, platform: 'android', channel: 'taptap', consent: true }, headers)),
    );
    expect(answers.filter((answer) => answer.code !== 200).map((answer) => answer.msg)).toEqual([]);
    const given = answers.map((answer) => answer.data.giftCode).filter((code): code is string => code !== null);
    expect(given).toHaveLength(CODES);
    expect(new Set(given).size).toBe(CODES);
    expect(answers.filter((answer) => answer.data.giftCode === null)).toHaveLength(PLAYERS - CODES);

    // The counts each player saw are all different: one count per 预约, none lost.
    expect(new Set(answers.map((answer) => answer.data.count)).size).toBeGreaterThan(1);
    const state = await get<ReserveOwnerState>(b, `${ReserveOwnerRoutes.settings}?builderId=${ref.builderId}`, owner);
    expect(state.data).toMatchObject({ count: PLAYERS, codes: { total: CODES, given: CODES, left: 0 } });
    const rows = await sql.selectFrom('reservations').select(['phone', 'gift_code']).execute();
    expect(rows).toHaveLength(PLAYERS);
    expect(new Set(rows.map((row) => row.gift_code).filter(Boolean)).size).toBe(CODES);
  });
});
