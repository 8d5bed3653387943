import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, captchaText, get, post, type TestApp } from '../helpers';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

async function newCaptcha(): Promise<string> {
  const answer = await get<{ captchaId: string; img: string }>(t, '/api/auth/getCaptcha');
  expect(answer.code).toBe(AnswerCode.ok);
  return answer.data.captchaId;
}

const captchaStatus = (id: string): string | undefined =>
  (t.readDb().prepare('SELECT status FROM captchas WHERE id = ?').get(id) as { status: string } | undefined)?.status;

describe('GET /api/auth/getCaptcha', () => {
  it('answers an id and an SVG data URL of a 4-character challenge, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/getCaptcha' });
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json<{ data: { captchaId: string; img: string } }>();
    expect(data.captchaId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.img.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(captchaText(t, data.captchaId)).toMatch(/^[a-z0-9]{4}$/i);
  });

  it('draws a picture a person can read: 160x56, large glyphs, one noise line', async () => {
    const { data } = await get<{ captchaId: string; img: string }>(t, '/api/auth/getCaptcha');
    const svg = Buffer.from(data.img.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/<svg[^>]* width="160" height="56"/);
    // svg-captcha draws each glyph as a filled path and each noise line as a stroked, unfilled one.
    expect(svg.match(/fill="none"/g)?.length ?? 0).toBe(1);
    expect(svg.match(/<path fill="#/g)?.length).toBe(Security.captchaLength);
  });

  it(`allows ${Security.captchaPerIpPerMinute} a minute per IP`, async () => {
    const fetchFrom = (ip: string) => t.app.inject({ method: 'GET', url: '/api/auth/getCaptcha', remoteAddress: ip });
    for (let i = 0; i < Security.captchaPerIpPerMinute; i += 1) expect((await fetchFrom('10.0.0.1')).json<{ code: number }>().code).toBe(200);
    expect((await fetchFrom('10.0.0.1')).json()).toEqual({ code: AnswerCode.tooMany, msg: Messages.tooManyRequests, data: null });
    expect((await fetchFrom('10.0.0.2')).json<{ code: number }>().code).toBe(200);
    t.clock.advanceSeconds(61);
    expect((await fetchFrom('10.0.0.1')).json<{ code: number }>().code).toBe(200);
  });
});

describe('POST /api/auth/verifyCaptcha', () => {
  it('passes a right answer whatever its case, and a challenge is checked only once', async () => {
    const captchaId = await newCaptcha();
    const answer = await post(t, '/api/auth/verifyCaptcha', { captchaId, code: captchaText(t, captchaId).toUpperCase() });
    expect(answer).toEqual({ code: 200, msg: Messages.captchaPassed, data: null, status: 200 });
    expect(captchaStatus(captchaId)).toBe('passed');
    const again = await post(t, '/api/auth/verifyCaptcha', { captchaId, code: captchaText(t, captchaId) });
    expect(again).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaExpired });
  });

  it('voids the challenge on a wrong answer', async () => {
    const captchaId = await newCaptcha();
    const text = captchaText(t, captchaId);
    const wrong = await post(t, '/api/auth/verifyCaptcha', { captchaId, code: text === 'abcd' ? 'abce' : 'abcd' });
    expect(wrong).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaWrong, status: 200 });
    expect(captchaStatus(captchaId)).toBeUndefined();
    const right = await post(t, '/api/auth/verifyCaptcha', { captchaId, code: text });
    expect(right).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaExpired });
  });

  it('expires a challenge after 2 minutes', async () => {
    const captchaId = await newCaptcha();
    const text = captchaText(t, captchaId);
    t.clock.advanceSeconds(Security.captchaLifetimeSeconds);
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId, code: text })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaExpired });
  });

  it('answers "expired" for an unknown id', async () => {
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId: 'nope', code: 'abcd' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaExpired });
  });

  it('checks the input with the contract rules first', async () => {
    const captchaId = await newCaptcha();
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId, code: '' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaRequired });
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId, code: '1234567' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.captchaTooLong });
    // The refused inputs did not spend the challenge.
    expect(captchaStatus(captchaId)).toBe('pending');
    expect(await post(t, '/api/auth/verifyCaptcha', { captchaId, code: { text: 'x' } })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：code 类型不正确' });
  });
});
