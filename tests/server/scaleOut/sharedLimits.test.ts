/**
 * With Redis, the limits that must outlast a restart (SMS codes sent, login failures and locks)
 * count in Redis: both servers count together, and nothing is written to the database's
 * rate_events.
 */
import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { post } from '../helpers';
import { passedCaptchaAcross, registerAcross, scaleOutServersAvailable, startCluster, type Cluster } from './kit';

jest.setTimeout(120_000);

(scaleOutServersAvailable() ? describe : describe.skip)('the SMS and login limits of two API servers on Redis', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    // Behind a proxy, as several servers are: each test is its own client address.
    cluster = await startCluster(2, { env: { TRUST_PROXY: '1' } });
  });

  afterAll(async () => {
    await cluster?.close();
  });

  const rateEvents = async (): Promise<number> => (await cluster.db.sql.selectFrom('rate_events').select('id').execute()).length;

  it('refuses on B a second code for a phone just sent one on A', async () => {
    const [a, b] = cluster.servers;
    const headers = { 'x-forwarded-for': '203.0.113.60' };
    const first = await post(a, '/api/Auth/sendSmsCode', { iphone: '13800000061', captchaId: await passedCaptchaAcross(cluster, a, b), purpose: 'register' }, headers);
    expect(first.code).toBe(200);
    const second = await post(b, '/api/Auth/sendSmsCode', { iphone: '13800000061', captchaId: await passedCaptchaAcross(cluster, b, a), purpose: 'register' }, headers);
    expect(second).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.smsTooFrequent });
    expect(await rateEvents()).toBe(0);
  });

  it('counts the login failures of one address on both servers together', async () => {
    const [a, b] = cluster.servers;
    await registerAcross(cluster, '13800000062', 'Secret#2026');
    const headers = { 'x-forwarded-for': '203.0.113.61' };
    const attempt = (server: typeof a, password: string) => post(server, '/api/auth/login', { username: '13800000062', password }, headers);
    for (let i = 0; i < Security.loginCaptchaAfterFailures; i += 1) expect((await attempt(i % 2 ? a : b, 'Wrong#pass')).code).toBe(AnswerCode.invalid);
    // Failures on both servers: each would have seen fewer than the captcha's threshold alone.
    expect(await attempt(a, 'Secret#2026')).toMatchObject({ code: AnswerCode.captchaRequired });
    expect(await attempt(b, 'Secret#2026')).toMatchObject({ code: AnswerCode.captchaRequired });
    expect(await rateEvents()).toBe(0);
  });
});
