/**
 * 绑定手机号 of a WeChat-only account (POST /api/auth/bindPhone), and the merge with the phone's own
 * account (POST /api/auth/mergeAccounts) for both choices, on SQLite and PostgreSQL: what moves,
 * what ends, which session lives on, and what is refused.
 */
import type { BindPhoneAnswer, LoginAnswer, UserInfo } from '../../../src/contract/auth';
import type { SiteListAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { Security } from '../../../src/contract/limits';
import { Messages } from '../../../src/contract/messages';
import { describeEach } from '../describeEach';
import { bearer, get, post } from '../helpers';
import { BACKENDS, ownedCounts, ownSomething, passwordLogin, phoneAccount, sendCode, wechatLogin, type Backend } from './bindPhoneKit';

jest.setTimeout(60_000);

const PHONE = '13800138000';

describeEach('binding a phone to a WeChat account', BACKENDS, (backend) => {
  const b = (): Backend => backend();
  const bind = (token: string, body: object) => post<BindPhoneAnswer>(b().t, '/api/auth/bindPhone', body, bearer(token));
  const merge = (token: string, body: object) => post<LoginAnswer>(b().t, '/api/auth/mergeAccounts', body, bearer(token));
  const me = (token: string) => get<UserInfo>(b().t, '/user/info', bearer(token));
  const userRow = (id: number) => b().db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses both calls as nobody (401) and with a forged token', async () => {
    for (const url of ['/api/auth/bindPhone', '/api/auth/mergeAccounts']) {
      expect(await post(b().t, url, { mobile: PHONE, verifyCode: '123456', keep: 'current' })).toMatchObject({ status: 401, code: AnswerCode.unauthorized });
      expect(await post(b().t, url, { mobile: PHONE, verifyCode: '123456' }, bearer('not.a.token'))).toMatchObject({ status: 401 });
    }
  });

  it('binds a phone that has no account with a bind code: the same session, now with the phone', async () => {
    const wechat = await wechatLogin(b());
    expect(wechat.userInfo.mobile).toBe('');
    const code = await sendCode(b(), PHONE, 'bind');
    const answer = await bind(wechat.token, { mobile: PHONE, verifyCode: code });
    expect(answer).toMatchObject({ code: 200, msg: Messages.phoneBound, data: { status: 'bound', userInfo: { id: wechat.userInfo.id, mobile: PHONE } } });
    expect((await me(wechat.token)).data).toMatchObject({ id: wechat.userInfo.id, mobile: PHONE, openid: wechat.userInfo.openid });
    // The code is spent, and the account now has a phone: a second bind is refused.
    expect(await bind(wechat.token, { mobile: PHONE, verifyCode: code })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.accountHasPhone });
    // The phone logs in to the same account by SMS code.
    const loginCode = await sendCode(b(), PHONE, 'login');
    expect((await post<LoginAnswer>(b().t, '/api/auth/smsLogin', { mobile: PHONE, verifyCode: loginCode })).data.userInfo.id).toBe(wechat.userInfo.id);
  });

  it('refuses a wrong code, an expired one, one sent for another purpose or another phone, and binds nothing', async () => {
    const wechat = await wechatLogin(b());
    const code = await sendCode(b(), PHONE, 'bind');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await bind(wechat.token, { mobile: PHONE, verifyCode: wrong })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeInvalid });
    const otherPhone = await sendCode(b(), '13900139000', 'bind');
    if (otherPhone !== code) expect(await bind(wechat.token, { mobile: PHONE, verifyCode: otherPhone })).toMatchObject({ msg: Messages.smsCodeInvalid });
    const login = await sendCode(b(), '13700137000', 'login');
    expect(await bind(wechat.token, { mobile: '13700137000', verifyCode: login })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    b().t.clock.advanceSeconds(Security.smsCodeLifetimeSeconds + 1);
    expect(await bind(wechat.token, { mobile: PHONE, verifyCode: code })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeExpired });
    expect((await me(wechat.token)).data.mobile).toBe('');
  });

  it('does not let another user bind the phone without its code, and voids the code after 5 wrong tries', async () => {
    const owner = await wechatLogin(b());
    const intruder = await wechatLogin(b());
    expect(intruder.userInfo.id).not.toBe(owner.userInfo.id);
    const code = await sendCode(b(), PHONE, 'bind');
    for (let i = 0; i < Security.smsCodeMaxWrongTries; i += 1) {
      const guess = String(100000 + i);
      if (guess === code) continue;
      expect((await bind(intruder.token, { mobile: PHONE, verifyCode: guess })).code).toBe(AnswerCode.invalid);
    }
    // The owner's right code is void now: a new one is needed, and the phone is nobody's.
    expect(await bind(owner.token, { mobile: PHONE, verifyCode: code })).toMatchObject({ code: AnswerCode.invalid });
    expect((await me(intruder.token)).data.mobile).toBe('');
    expect(await b().db.selectFrom('users').select('id').where('mobile', '=', PHONE).executeTakeFirst()).toBeUndefined();
  });

  it('refuses hostile and odd input with Chinese messages', async () => {
    const wechat = await wechatLogin(b());
    expect(await bind(wechat.token, { mobile: '1234', verifyCode: '123456' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.phoneInvalid });
    expect(await bind(wechat.token, { mobile: PHONE, verifyCode: "1' OR 1=1" })).toMatchObject({ code: AnswerCode.invalid });
    expect(await bind(wechat.token, { mobile: PHONE.repeat(10), verifyCode: '123456' })).toMatchObject({ code: AnswerCode.invalid });
    expect(await bind(wechat.token, {})).toMatchObject({ code: AnswerCode.invalid });
    expect(await merge(wechat.token, { mobile: PHONE, verifyCode: '123456', keep: 'both' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.mergeChoiceInvalid });
    // A phone account has its phone already.
    const phone = await phoneAccount(b(), '13600136000');
    expect(await bind(phone.token, { mobile: PHONE, verifyCode: '123456' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.accountHasPhone });
  });

  it('limits the attempts per phone', async () => {
    const wechat = await wechatLogin(b());
    let last = 0;
    for (let i = 0; i <= Security.accountProbesPerPhonePerWindow; i += 1) last = (await bind(wechat.token, { mobile: PHONE, verifyCode: '000000' })).code;
    expect(last).toBe(AnswerCode.tooMany);
  });

  it('does not take a phone that has an account: it offers the choice, changes nothing and leaves the code for the merge', async () => {
    const phone = await phoneAccount(b(), PHONE);
    const wechat = await wechatLogin(b());
    await ownSomething(b(), phone.userInfo.id, 'p');
    const code = await sendCode(b(), PHONE, 'bind');
    const answer = await bind(wechat.token, { mobile: PHONE, verifyCode: code });
    expect(answer).toMatchObject({ code: 200, msg: Messages.phoneHasAccount, data: { status: 'choose' } });
    if (answer.data.status !== 'choose') throw new Error('no choice');
    expect(answer.data.current).toMatchObject({ wechat: true, phone: false, password: false, builderSites: 0, works: 0 });
    expect(answer.data.phone).toMatchObject({ name: phone.userInfo.name, wechat: false, phone: true, password: true, builderSites: 1, miniSites: 1, publishedSites: 2, works: 1 });
    expect((await me(wechat.token)).data.mobile).toBe('');
    expect((await me(phone.token)).data.mobile).toBe(PHONE);
    // Without the right code nothing merges.
    expect(await merge(wechat.token, { mobile: PHONE, verifyCode: code === '000000' ? '111111' : '000000', keep: 'current' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.smsCodeInvalid });
    expect(await ownedCounts(b(), wechat.userInfo.id)).toMatchObject({ builder_sites: 0 });
  });

  it('keeps the WeChat account: the phone account\'s sites, links and works move over, its logins lead here, its tokens die', async () => {
    const phone = await phoneAccount(b(), PHONE);
    const wechat = await wechatLogin(b());
    const theirs = await ownSomething(b(), phone.userInfo.id, 'p');
    const mine = await ownSomething(b(), wechat.userInfo.id, 'w', theirs.job);
    const code = await sendCode(b(), PHONE, 'bind');
    const answer = await merge(wechat.token, { mobile: PHONE, verifyCode: code, keep: 'current' });
    expect(answer).toMatchObject({ code: 200, msg: Messages.accountsMerged, data: { userInfo: { id: wechat.userInfo.id, mobile: PHONE, openid: wechat.userInfo.openid, name: wechat.userInfo.name } } });

    // Everything is the kept account's; the work both had stays once.
    expect(await ownedCounts(b(), wechat.userInfo.id)).toEqual({ builder_sites: 2, mini_sites: 2, published_sites: 4, user_works: 1, render_jobs: 1, operate_logs: 2 });
    expect(await ownedCounts(b(), phone.userInfo.id)).toEqual({ builder_sites: 0, mini_sites: 0, published_sites: 0, user_works: 0, render_jobs: 0, operate_logs: 0 });
    const slugs = await b().db.selectFrom('published_sites').select('slug').where('user_id', '=', wechat.userInfo.id).orderBy('slug').execute();
    expect(slugs.map((row) => row.slug).sort()).toEqual([...theirs.slugs, ...mine.slugs].sort());
    // Both sites of the same name are listed, with their links.
    const list = await get<SiteListAnswer>(b().t, '/api/webSiteLog/getSiteList?page=1&page_size=10', bearer(answer.data.token));
    expect(list.data.list.map((row) => row.id).sort()).toEqual([theirs.builderSite, mine.builderSite].sort());
    expect(list.data.list.every((row) => row.web_name === '同名网站' && row.published_url.includes('/pub/'))).toBe(true);

    // The phone account ended: its tokens are dead; it names the account kept.
    expect(await me(phone.token)).toMatchObject({ status: 401 });
    expect(await userRow(phone.userInfo.id)).toMatchObject({ mobile: null, openid: null, password_hash: null, merged_into: wechat.userInfo.id });
    // The old session and the answered one both work; the phone's password and WeChat lead here.
    expect((await me(wechat.token)).data.mobile).toBe(PHONE);
    expect((await me(answer.data.token)).data.id).toBe(wechat.userInfo.id);
    expect((await passwordLogin(b(), PHONE)).userInfo.id).toBe(wechat.userInfo.id);
    expect((await wechatLogin(b(), wechat.device)).userInfo.id).toBe(wechat.userInfo.id);
  });

  it('keeps the phone account: the WeChat account\'s things move over, the session moves to the phone account, WeChat logs in there', async () => {
    const phone = await phoneAccount(b(), PHONE);
    const wechat = await wechatLogin(b());
    const theirs = await ownSomething(b(), phone.userInfo.id, 'p');
    const mine = await ownSomething(b(), wechat.userInfo.id, 'w');
    const code = await sendCode(b(), PHONE, 'bind');
    const answer = await merge(wechat.token, { mobile: PHONE, verifyCode: code, keep: 'phone' });
    expect(answer).toMatchObject({ code: 200, data: { userInfo: { id: phone.userInfo.id, mobile: PHONE, openid: wechat.userInfo.openid, name: phone.userInfo.name } } });

    expect(await ownedCounts(b(), phone.userInfo.id)).toEqual({ builder_sites: 2, mini_sites: 2, published_sites: 4, user_works: 2, render_jobs: 2, operate_logs: 2 });
    expect(await ownedCounts(b(), wechat.userInfo.id)).toEqual({ builder_sites: 0, mini_sites: 0, published_sites: 0, user_works: 0, render_jobs: 0, operate_logs: 0 });
    const slugs = await b().db.selectFrom('published_sites').select('slug').where('user_id', '=', phone.userInfo.id).execute();
    expect(slugs.map((row) => row.slug).sort()).toEqual([...theirs.slugs, ...mine.slugs].sort());

    // The WeChat session ended; the answered token is the phone account's, whose own sessions go on.
    expect(await me(wechat.token)).toMatchObject({ status: 401 });
    expect((await me(answer.data.token)).data).toMatchObject({ id: phone.userInfo.id, openid: wechat.userInfo.openid });
    expect((await me(phone.token)).data.id).toBe(phone.userInfo.id);
    expect(await userRow(wechat.userInfo.id)).toMatchObject({ mobile: null, openid: null, merged_into: phone.userInfo.id });
    expect((await wechatLogin(b(), wechat.device)).userInfo.id).toBe(phone.userInfo.id);
    expect((await passwordLogin(b(), PHONE)).userInfo.id).toBe(phone.userInfo.id);
  });

  it('merges once when the same code is sent twice at once', async () => {
    const phone = await phoneAccount(b(), PHONE);
    const wechat = await wechatLogin(b());
    await ownSomething(b(), wechat.userInfo.id, 'w');
    const code = await sendCode(b(), PHONE, 'bind');
    const answers = await Promise.all([merge(wechat.token, { mobile: PHONE, verifyCode: code, keep: 'phone' }), merge(wechat.token, { mobile: PHONE, verifyCode: code, keep: 'current' })]);
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    const users = await b().db.selectFrom('users').select(['id', 'mobile', 'merged_into']).where('id', 'in', [phone.userInfo.id, wechat.userInfo.id]).execute();
    expect(users.filter((user) => user.mobile === PHONE)).toHaveLength(1);
    expect(users.filter((user) => user.merged_into !== null)).toHaveLength(1);
  });

  it('refuses to merge with a phone account that has a WeChat of its own: one account cannot hold two', async () => {
    const first = await wechatLogin(b());
    expect((await bind(first.token, { mobile: PHONE, verifyCode: await sendCode(b(), PHONE, 'bind') })).data.status).toBe('bound');
    const second = await wechatLogin(b());
    const code = await sendCode(b(), PHONE, 'bind');
    expect(await bind(second.token, { mobile: PHONE, verifyCode: code })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.phoneHasOtherWechat });
    expect(await merge(second.token, { mobile: PHONE, verifyCode: code, keep: 'current' })).toMatchObject({ code: AnswerCode.invalid, msg: Messages.phoneHasOtherWechat });
    expect((await me(first.token)).data.mobile).toBe(PHONE);
  });
});
