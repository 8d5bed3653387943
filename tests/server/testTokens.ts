import crypto from 'node:crypto';
import { Security } from '../../src/contract/limits';

const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A login token as the server signs it (HS256, sub, ver, iat, exp), made synchronously with the
 * test secret, so that helpers can log a user in without awaiting. The server checks it with jose
 * like any other: a test that forges a wrong one is refused.
 */
export function testToken(secret: string, userId: number, version: number, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ver: version, sub: String(userId), iat, exp: iat + Security.tokenLifetimeSeconds })}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}
