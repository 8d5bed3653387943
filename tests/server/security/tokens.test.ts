import crypto from 'node:crypto';
import { Security } from '../../../src/contract/limits';
import { TokenService } from '../../../src/server/security/tokens';
import { createClock } from '../helpers';
import { testToken } from '../testTokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET): string => crypto.createHmac('sha256', secret).update(input).digest('base64url');

function forge(header: object, payload: object, secret = SECRET): string {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${sign(body, secret)}`;
}

describe('TokenService (jose)', () => {
  const clock = createClock();
  const tokens = new TokenService(SECRET, clock.now);

  it('signs HS256 JWTs with sub, ver, iat and exp, and verifies them', async () => {
    const token = await tokens.sign({ userId: 7, version: 3 });
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Math.floor(clock.now() / 1000);
    expect(payload).toEqual({ sub: '7', ver: 3, iat, exp: iat + Security.tokenLifetimeSeconds });
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 7, version: 3 });
    // The tests' synchronous token is the same kind of token.
    await expect(tokens.verify(testToken(SECRET, 7, 3, clock.now()))).resolves.toEqual({ userId: 7, version: 3 });
  });

  it('refuses an expired token', async () => {
    const token = await tokens.sign({ userId: 1, version: 0 });
    const later = createClock(clock.now() + Security.tokenLifetimeSeconds * 1000);
    await expect(new TokenService(SECRET, later.now).verify(token)).resolves.toBeNull();
    const justBefore = createClock(clock.now() + Security.tokenLifetimeSeconds * 1000 - 1000);
    await expect(new TokenService(SECRET, justBefore.now).verify(token)).resolves.not.toBeNull();
  });

  it('refuses a token it verified before once that token expires', async () => {
    const own = createClock(clock.now());
    const service = new TokenService(SECRET, own.now);
    const token = await service.sign({ userId: 2, version: 0 });
    await expect(service.verify(token)).resolves.toEqual({ userId: 2, version: 0 });
    own.advance(Security.tokenLifetimeSeconds * 1000 - 1000);
    await expect(service.verify(token)).resolves.toEqual({ userId: 2, version: 0 });
    own.advance(1000);
    await expect(service.verify(token)).resolves.toBeNull();
    await expect(service.verify(token)).resolves.toBeNull();
  });

  it('refuses alg none, other algorithms and another type', async () => {
    const payload = { sub: '1', ver: 0, iat: 0, exp: 4102444800 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    await expect(tokens.verify(none)).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS512', typ: 'JWT' }, payload))).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS256', typ: 'at+jwt' }, payload))).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS256' }, payload))).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT', crit: ['x'], x: 1 }, payload))).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload))).resolves.toEqual({ userId: 1, version: 0 });
  });

  it('refuses tampered payloads, foreign secrets, missing claims and junk', async () => {
    const token = await tokens.sign({ userId: 1, version: 0 });
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64({ sub: '2', ver: 0, iat: 0, exp: 4102444800 })}.${signature}`;
    await expect(tokens.verify(tampered)).resolves.toBeNull();
    await expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { sub: '1', ver: 0, exp: 4102444800 }, 'another-secret-another-secret-012345'))).resolves.toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${token}.x`, `${header}..${signature}`]) await expect(tokens.verify(junk)).resolves.toBeNull();
    const typ = { alg: 'HS256', typ: 'JWT' };
    await expect(tokens.verify(forge(typ, { sub: 1, ver: 0, exp: 4102444800 }))).resolves.toBeNull();
    await expect(tokens.verify(forge(typ, { sub: '1', ver: '0', exp: 4102444800 }))).resolves.toBeNull();
    await expect(tokens.verify(forge(typ, { sub: '1', ver: 0 }))).resolves.toBeNull();
    await expect(tokens.verify(forge(typ, { sub: '0', ver: 0, exp: 4102444800 }))).resolves.toBeNull();
  });
});
