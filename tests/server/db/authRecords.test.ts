/**
 * What logins rest on, on both engines: rate counters in the database (the distinct addresses
 * behind one phone's failures), captchas and SMS codes spent once even by
 * requests at the same moment, users whose password change revokes their tokens, and QR tickets
 * handed to exactly one poll.
 */
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { CaptchaService } from '../../../src/server/modules/auth/captcha';
import { UserRepository } from '../../../src/server/modules/auth/repository';
import { SmsCodeStore } from '../../../src/server/modules/auth/smsCodes';
import { QrTicketRepository } from '../../../src/server/modules/wxAuth/repository';
import { SqlRateLimits } from '../../../src/server/sharedState/rateLimits/sqlRateLimits';
import { describeEachDatabase } from './testDatabases';

describeEachDatabase('login records', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;

  it('count events over a sliding window, the distinct addresses behind one phone, and forget old ones', async () => {
    const limits = new SqlRateLimits(db().sql, clock);
    const failures = limits.limit('login-fail-pair', { limit: 10, windowMs: 60_000 });
    const addresses = limits.limit('login-fail-addresses', { limit: 10, windowMs: 60_000 });
    await failures.hit('13800138000|10.0.0.1');
    await failures.hit('13800138000|10.0.0.1');
    for (const address of ['10.0.0.1', '10.0.0.1', '10.0.0.2']) await addresses.hit('13800138000', { member: address });
    // Another phone, and one that starts alike: they count apart.
    await addresses.hit('138001380001', { member: '10.0.0.3' });
    await addresses.hit('1380013800', { member: '10.0.0.4' });
    expect(await addresses.count('13800138000')).toBe(2);
    expect(await failures.count('13800138000|10.0.0.1')).toBe(2);
    expect(await failures.take('13800138000|10.0.0.1')).toBe(true);
    expect(await failures.count('13800138000|10.0.0.1')).toBe(3);
    now += 61_000;
    expect(await addresses.count('13800138000')).toBe(0);
    await failures.hit('13800138000|10.0.0.1');
    await failures.reset('13800138000|10.0.0.1');
    expect(await failures.count('13800138000|10.0.0.1')).toBe(0);
    now += 2 * 24 * 3600 * 1000;
    await limits.limit('sms-ip', { limit: 20, windowMs: 60_000 }).hit('x');
    await limits.prune();
    expect(await db().sql.selectFrom('rate_events').select('key').execute()).toEqual([{ key: 'x' }]);
  });

  it('pass a captcha once, and let one of many requests at once spend the pass', async () => {
    const captchas = new CaptchaService(db().sql, clock);
    const { captchaId } = await captchas.create();
    const { answer } = await db().sql.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirstOrThrow();
    await captchas.verify(captchaId, ` ${answer.toUpperCase()} `);
    await expect(captchas.verify(captchaId, answer)).rejects.toMatchObject({ message: Messages.captchaExpired });
    const again = await captchas.create();
    await expect(captchas.verify(again.captchaId, 'zzzz')).rejects.toMatchObject({ message: Messages.captchaWrong });
    // A wrong answer voided it: the right one comes too late.
    const { answer: second } = (await db().sql.selectFrom('captchas').select('answer').where('id', '=', again.captchaId).executeTakeFirst()) ?? { answer: '' };
    expect(second).toBe('');

    const third = await captchas.create();
    const row = await db().sql.selectFrom('captchas').select('answer').where('id', '=', third.captchaId).executeTakeFirstOrThrow();
    await captchas.verify(third.captchaId, row.answer);
    const spent = await Promise.all([1, 2, 3, 4].map(() => captchas.consumePassed(third.captchaId)));
    expect(spent.filter(Boolean)).toHaveLength(1);
    // The first captcha's pass went with its second check: a challenge is checked once.
    expect(await captchas.consumePassed(captchaId)).toBe(false);
  });

  it('check SMS codes, void one after too many wrong tries, and spend a right one once', async () => {
    const codes = new SmsCodeStore(db().sql, clock, Buffer.alloc(32, 3));
    await codes.save('13800138000', 'login', '123456');
    expect(await codes.check('13800138000', 'login', '654321')).toBe(Messages.smsCodeInvalid);
    expect(await codes.check('13800138000', 'login', '123456')).toBeNull();
    expect(await codes.check('13800138000', 'register', '123456')).toBe(Messages.smsCodeExpired);
    const spent = await Promise.all([1, 2, 3].map(() => codes.consume('13800138000', 'login', '123456')));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await codes.check('13800138000', 'login', '123456')).toBe(Messages.smsCodeExpired);

    await codes.save('13800138000', 'login', '111111');
    for (let n = 1; n < Security.smsCodeMaxWrongTries; n += 1) expect(await codes.check('13800138000', 'login', '000000')).toBe(Messages.smsCodeInvalid);
    expect(await codes.check('13800138000', 'login', '000000')).toBe(Messages.smsCodeTooManyTries);
    expect(await codes.consume('13800138000', 'login', '111111')).toBe(false);
  });

  it('keep users by phone and openid; a password change revokes their tokens', async () => {
    const users = new UserRepository(db().sql, clock);
    const id = await users.createWithPhone('13800138000', '用户8000', 'hash-1', null);
    const qr = await users.createWithOpenid('oABC', '微信用户oABC');
    expect(await users.byMobile('13800138000')).toEqual({ id, name: '用户8000', mobile: '13800138000', openid: null, password_hash: 'hash-1', token_version: 0, role: 'user', disabled_reason: null });
    expect((await users.byOpenid('oABC'))?.id).toBe(qr);
    await users.setPassword(id, 'hash-2');
    await users.revokeTokens(id);
    await users.rename(id, '星辰');
    await users.bindMobile(qr, '13900139000');
    expect(await users.byId(id)).toMatchObject({ name: '星辰', password_hash: 'hash-2', token_version: 2 });
    expect((await users.byMobile('13900139000'))?.id).toBe(qr);
    await expect(users.createWithPhone('13800138000', 'x', 'h', null)).rejects.toMatchObject({ message: expect.stringMatching(/UNIQUE|duplicate key/) });
  });

  it('hand a confirmed QR ticket to exactly one of many polls', async () => {
    const users = new UserRepository(db().sql, clock);
    const tickets = new QrTicketRepository(db().sql);
    const userId = await users.createWithOpenid('oABC', '微信用户oABC');
    await tickets.insert('t1', now, now + 120_000);
    expect(await tickets.takeConfirmed('t1')).toBeNull();
    expect(await tickets.setStatus('t1', ['waiting', 'scanned'], 'scanned')).toBe(true);
    expect(await tickets.setStatus('t1', ['waiting', 'scanned'], 'confirmed', { id: userId, tokenVersion: 0 })).toBe(true);
    expect(await tickets.setStatus('t1', ['waiting', 'scanned'], 'confirmed', { id: userId, tokenVersion: 0 })).toBe(false);
    const polls = await Promise.all([1, 2, 3, 4, 5].map(() => tickets.takeConfirmed('t1')));
    expect(polls.filter((row) => row !== null)).toEqual([expect.objectContaining({ ticket: 't1', user_id: userId, token_version: 0 })]);
    expect(await tickets.get('t1')).toBeNull();
  });
});
