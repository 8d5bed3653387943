/**
 * 发布 needs a bound phone: a WeChat-only account is refused with its own code (the SPA opens the
 * bind dialog on it) for builder and mini sites, and publishes once the phone is bound. And the
 * merge's list of tables that name a user is the database's own.
 */
import type { BuilderSite, PublishAnswer, ZipUrlAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { MiniSiteMessages } from '../../../src/contract/miniSite';
import { USER_COLUMNS } from '../../../src/server/modules/auth/accountMerge';
import { bearer, post } from '../helpers';
import { BACKENDS, sendCode, wechatLogin, type Backend } from './bindPhoneKit';
import { newSite } from './builderKit';

jest.setTimeout(120_000);

const sqlite = BACKENDS.find((backend) => backend.name === 'sqlite');
let b: Backend;

beforeEach(async () => {
  if (!sqlite) throw new Error('no SQLite backend');
  b = await sqlite.open();
});

afterEach(async () => {
  await b.close();
});

it('lists every table with a column naming a user, so that a merge moves all of it', async () => {
  const tables = b.t.readDb().prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
  const naming = tables
    .filter(({ name }) => (b.t.readDb().prepare(`PRAGMA table_info(${name})`).all() as Array<{ name: string }>).some((column) => /(^|_)user(_id)?$|owner/.test(column.name)))
    .map(({ name }) => name)
    .sort();
  expect(naming).toEqual(Object.keys(USER_COLUMNS).sort());
});

it('refuses 发布 of a builder site to a WeChat-only account, and publishes once a phone is bound', async () => {
  const wechat = await wechatLogin(b);
  const caller = { userId: wechat.userInfo.id, headers: bearer(wechat.token) };
  const site: BuilderSite = await newSite(b.t, caller);
  expect((await post<ZipUrlAnswer>(b.t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, caller.headers)).code).toBe(200);
  const refused = await post<PublishAnswer>(b.t, '/api/webSiteLog/publish', { id: site.id }, caller.headers);
  expect(refused).toMatchObject({ code: AnswerCode.phoneRequired, msg: Messages.publishNeedsPhone, data: null });
  expect(await b.db.selectFrom('published_sites').selectAll().execute()).toEqual([]);

  const code = await sendCode(b, '13800138000', 'bind');
  expect((await post(b.t, '/api/auth/bindPhone', { mobile: '13800138000', verifyCode: code }, caller.headers)).code).toBe(200);
  const published = await post<PublishAnswer>(b.t, '/api/webSiteLog/publish', { id: site.id }, caller.headers);
  expect(published.code).toBe(200);
  expect(published.data.url).toMatch(/\/pub\/[0-9a-f]{32}\/$/);
});

it('refuses 发布 of a mini site to a WeChat-only account before anything else of it is looked at', async () => {
  const wechat = await wechatLogin(b);
  const at = b.t.clock.now();
  await b.db.insertInto('mini_sites').values({ dir: 'a'.repeat(32), user_id: wechat.userInfo.id, template_id: 1, name: '小站', created_at: at }).execute();
  const publish = () => post(b.t, '/index/minisite/publish', { webSiteDir: 'a'.repeat(32) }, bearer(wechat.token));
  expect(await publish()).toMatchObject({ code: AnswerCode.phoneRequired, msg: Messages.publishNeedsPhone });
  const code = await sendCode(b, '13800138000', 'bind');
  expect((await post(b.t, '/api/auth/bindPhone', { mobile: '13800138000', verifyCode: code }, bearer(wechat.token))).code).toBe(200);
  // Past the phone check now: this site has no files, and says so.
  expect(await publish()).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.siteUnknown });
});
