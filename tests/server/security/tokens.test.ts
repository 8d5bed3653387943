import crypto from 'node:crypto';
import { Security } from '../../../src/contract/limits';
import { TokenService } from '../../../src/server/security/tokens';
import { createClock } from '../helpers';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET): string => crypto.createHmac('sha256', secret).update(input).digest('base64url');

function forge(header: object, payload: object, secret = SECRET): string {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${sign(body, secret)}`;
}

describe('TokenService', () => {
  const clock = createClock();
  const tokens = new TokenService(SECRET, clock.now);

  it('signs HS256 JWTs with sub, ver, iat and exp, and verifies them', () => {
    const token = tokens.sign({ userId: 7, version: 3 });
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Math.floor(clock.now() / 1000);
    expect(payload).toEqual({ sub: '7', ver: 3, iat, exp: iat + Security.tokenLifetimeSeconds });
    expect(tokens.verify(token)).toEqual({ userId: 7, version: 3 });
  });

  it('refuses an expired token', () => {
    const token = tokens.sign({ userId: 1, version: 0 });
    const later = createClock(clock.now() + Security.tokenLifetimeSeconds * 1000);
    expect(new TokenService(SECRET, later.now).verify(token)).toBeNull();
    const justBefore = createClock(clock.now() + Security.tokenLifetimeSeconds * 1000 - 1000);
    expect(new TokenService(SECRET, justBefore.now).verify(token)).not.toBeNull();
  });

  it('refuses alg none, other algorithms and extra header fields', () => {
    const payload = { sub: '1', ver: 0, iat: 0, exp: 4102444800 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(tokens.verify(none)).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS512', typ: 'JWT' }, payload))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT', kid: 'x' }, payload))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, payload))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload))).toEqual({ userId: 1, version: 0 });
  });

  it('refuses tampered payloads, foreign secrets and junk', () => {
    const token = tokens.sign({ userId: 1, version: 0 });
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64({ sub: '2', ver: 0, iat: 0, exp: 4102444800 })}.${signature}`;
    expect(tokens.verify(tampered)).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { sub: '1', ver: 0, exp: 4102444800 }, 'another-secret-another-secret-012345'))).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${token}.x`, `${header}..${signature}`]) expect(tokens.verify(junk)).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { sub: 1, ver: 0, exp: 4102444800 }))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { sub: '1', ver: '0', exp: 4102444800 }))).toBeNull();
  });
});
