import Fastify, { type FastifyInstance } from 'fastify';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { buildTestApp, outboxCount, passedCaptcha, post, type TestApp } from '../helpers';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

let gateway: FastifyInstance;
let received: Received[];
let gatewayStatus: number;
let t: TestApp;

beforeAll(async () => {
  gateway = Fastify();
  gateway.post('/send', async (request, reply) => {
    received.push({ authorization: request.headers.authorization, contentType: request.headers['content-type'], body: request.body });
    return reply.code(gatewayStatus).send({ ok: gatewayStatus === 200 });
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway.close();
});

beforeEach(async () => {
  received = [];
  gatewayStatus = 200;
  const address = gateway.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await buildTestApp({ env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/send`, SMS_HTTP_TOKEN: 'gateway-token' } });
});

afterEach(async () => {
  await t.close();
});

describe('the http SMS provider', () => {
  it('POSTs {phone, code, purpose} as JSON with the bearer token, and keeps nothing readable', async () => {
    const answer = await post(t, '/api/Auth/sendSmsCode', { iphone: '13800138000', captchaId: await passedCaptcha(t), purpose: 'register' });
    expect(answer).toMatchObject({ code: 200, msg: Messages.smsSent });
    expect(received).toEqual([
      { authorization: 'Bearer gateway-token', contentType: 'application/json', body: { phone: '13800138000', code: expect.stringMatching(/^\d{6}$/), purpose: 'register' } },
    ]);
    expect(outboxCount(t)).toBe(0);
    expect(t.logs.some((line) => line.includes('SMS to'))).toBe(false);
  });

  it('answers "send failed" and forgets the code when the gateway refuses', async () => {
    gatewayStatus = 503;
    const answer = await post(t, '/api/Auth/sendSmsCode', { iphone: '13800138000', captchaId: await passedCaptcha(t), purpose: 'register' });
    expect(answer).toEqual({ code: AnswerCode.serverError, msg: Messages.smsSendFailed, data: null, status: 200 });
    expect(received).toHaveLength(1);
    expect((t.readDb().prepare('SELECT COUNT(*) AS n FROM sms_codes').get() as { n: number }).n).toBe(0);
  });
});
