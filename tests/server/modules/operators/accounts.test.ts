import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoginAnswer, UserInfo } from '../../../../src/contract/auth';
import type { ConsoleUserDetail, ConsoleUserList, OperatorActionList } from '../../../../src/contract/operators';
import { bearer, buildTestApp, get, login, post, register, registerAndLogin, sendSms, type TestApp } from '../../helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const PASSWORD = 'Secret#2026';

/** npm run operator, as an operator runs it beside the server, on the same DATA_DIR. */
async function operatorCommand(t: TestApp, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'config/scripts/operator.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir, NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', DATABASE_URL: '' },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe('operators and the console 用户 page', () => {
  let t: TestApp;
  let operator: LoginAnswer;
  let player: LoginAnswer;

  beforeAll(async () => {
    t = await buildTestApp();
    await register(t, '13900139000', PASSWORD);
    player = await registerAndLogin(t, '13800138000', PASSWORD);
    expect((await operatorCommand(t, 'add', '13900139000')).code).toBe(0);
    operator = await login(t, '13900139000', PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  it('makes the first operator from the command line, and says what went wrong otherwise', async () => {
    expect(operator.userInfo.operator).toBe(true);
    expect(player.userInfo.operator).toBeUndefined();
    const info = await get<UserInfo>(t, '/user/info', bearer(operator.token));
    expect(info.data.operator).toBe(true);

    const unknown = await operatorCommand(t, 'add', '13700137000');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('还没有注册账号');
    const bad = await operatorCommand(t, 'add', '123');
    expect(bad.stderr).toContain('手机号');
    expect((await operatorCommand(t, 'frobnicate')).stderr).toContain('用法');
    const listed = await operatorCommand(t, 'list');
    expect(listed.stdout).toContain('13900139000');
    expect(listed.stdout).not.toContain('13800138000');
  }, 60_000);

  it('refuses every console call to a plain user, and to nobody', async () => {
    for (const url of ['/api/admin/users', `/api/admin/users/${operator.userInfo.id}`, '/api/admin/actions']) {
      expect((await get(t, url, bearer(player.token))).status).toBe(403);
      expect((await get(t, url)).status).toBe(401);
    }
    const disable = await post(t, `/api/admin/users/${operator.userInfo.id}/disable`, { reason: 'x' }, bearer(player.token));
    expect(disable.status).toBe(403);
    const promote = await post(t, `/api/admin/users/${player.userInfo.id}/role`, { role: 'operator' }, bearer(player.token));
    expect(promote.status).toBe(403);
  });

  it('finds users by phone, name or id, with what they made', async () => {
    const byPhone = await get<ConsoleUserList>(t, '/api/admin/users?q=138001', bearer(operator.token));
    expect(byPhone.data.list.map((user) => user.mobile)).toEqual(['13800138000']);
    const byId = await get<ConsoleUserList>(t, `/api/admin/users?q=${player.userInfo.id}`, bearer(operator.token));
    expect(byId.data.list.map((user) => user.id)).toContain(player.userInfo.id);
    const byName = await get<ConsoleUserList>(t, `/api/admin/users?q=${encodeURIComponent('用户9000')}`, bearer(operator.token));
    expect(byName.data.list.map((user) => user.mobile)).toEqual(['13900139000']);
    // LIKE's wildcards match themselves, not every account.
    const wildcard = await get<ConsoleUserList>(t, '/api/admin/users?q=%25', bearer(operator.token));
    expect(wildcard.data.total).toBe(0);
    const all = await get<ConsoleUserList>(t, '/api/admin/users', bearer(operator.token));
    expect(all.data.total).toBe(2);
    expect(all.data.list[0]).toMatchObject({ id: player.userInfo.id, role: 'user', disabledReason: '', works: 0, sites: 0, published: 0 });

    const detail = await get<ConsoleUserDetail>(t, `/api/admin/users/${player.userInfo.id}`, bearer(operator.token));
    expect(detail.data).toMatchObject({ user: { mobile: '13800138000' }, works: [], sites: [], published: [], storage: { usedBytes: 0, quotaBytes: 500 * 1024 * 1024 } });
    const missing = await get(t, '/api/admin/users/999999', bearer(operator.token));
    expect(missing.code).toBe(422);
    expect(missing.msg).toBe('用户不存在');
    expect((await get(t, '/api/admin/users/abc', bearer(operator.token))).code).toBe(422);
    expect((await get(t, `/api/admin/users?q=${'9'.repeat(51)}`, bearer(operator.token))).code).toBe(422);
  });

  it('stops an account at once, tells its owner why at login, and lets it back in', async () => {
    const session = await login(t, '13800138000', PASSWORD);
    expect((await post(t, `/api/admin/users/${player.userInfo.id}/disable`, { reason: '  ' }, bearer(operator.token))).msg).toBe('请填写停用原因');
    expect((await post(t, `/api/admin/users/${player.userInfo.id}/disable`, { reason: '长'.repeat(201) }, bearer(operator.token))).msg).toContain('200');
    expect((await post(t, `/api/admin/users/${operator.userInfo.id}/disable`, { reason: '测试' }, bearer(operator.token))).msg).toBe('不能停用自己的账号');

    const stopped = await post(t, `/api/admin/users/${player.userInfo.id}/disable`, { reason: '发布违规内容' }, bearer(operator.token));
    expect(stopped.code).toBe(200);
    expect((await get(t, '/user/info', bearer(session.token))).status).toBe(401);
    const refused = await post(t, '/api/auth/login', { username: '13800138000', password: PASSWORD });
    expect(refused.msg).toBe('账号已被停用：发布违规内容');
    // Past the phone's SMS interval since its registration code.
    t.clock.advanceSeconds(120);
    const smsCode = await sendSms(t, '13800138000', 'login');
    const bySms = await post(t, '/api/auth/smsLogin', { mobile: '13800138000', verifyCode: smsCode });
    expect(bySms.msg).toBe('账号已被停用：发布违规内容');
    // A wrong password still says only that: a stranger learns nothing of the stop.
    const stranger = await post(t, '/api/auth/login', { username: '13800138000', password: 'Wrong#2026x' });
    expect(stranger.msg).toBe('手机号或密码错误');
    const listed = await get<ConsoleUserList>(t, '/api/admin/users?q=13800138000', bearer(operator.token));
    expect(listed.data.list[0].disabledReason).toBe('发布违规内容');

    expect((await post(t, `/api/admin/users/${player.userInfo.id}/enable`, {}, bearer(operator.token))).code).toBe(200);
    player = await login(t, '13800138000', PASSWORD);
    expect((await get(t, '/user/info', bearer(player.token))).status).toBe(200);
  });

  it('makes and unmakes operators in the console, never itself', async () => {
    expect((await post(t, `/api/admin/users/${operator.userInfo.id}/role`, { role: 'user' }, bearer(operator.token))).msg).toBe('不能取消自己的运营权限');
    expect((await post(t, `/api/admin/users/${player.userInfo.id}/role`, { role: 'admin' }, bearer(operator.token))).code).toBe(422);
    expect((await post(t, `/api/admin/users/${player.userInfo.id}/role`, { role: 'operator' }, bearer(operator.token))).code).toBe(200);
    expect((await get(t, '/api/admin/users', bearer(player.token))).status).toBe(200);
    expect((await post(t, `/api/admin/users/${player.userInfo.id}/role`, { role: 'user' }, bearer(operator.token))).code).toBe(200);
    expect((await get(t, '/api/admin/users', bearer(player.token))).status).toBe(403);
  });

  it('logs every action with who, what, before and after, newest first', async () => {
    const log = await get<OperatorActionList>(t, '/api/admin/actions', bearer(operator.token));
    const lines = log.data.list.map(({ operatorName, action, target, before, after }) => ({ operatorName, action, target, before, after }));
    const player_ = `user:${player.userInfo.id}`;
    expect(lines).toEqual([
      { operatorName: '用户9000', action: 'user.role', target: player_, before: { role: 'operator' }, after: { role: 'user' } },
      { operatorName: '用户9000', action: 'user.role', target: player_, before: { role: 'user' }, after: { role: 'operator' } },
      { operatorName: '用户9000', action: 'user.enable', target: player_, before: { disabledReason: '发布违规内容' }, after: { disabledReason: '' } },
      { operatorName: '用户9000', action: 'user.disable', target: player_, before: { disabledReason: '' }, after: { disabledReason: '发布违规内容' } },
      { operatorName: '命令行', action: 'user.role', target: `user:${operator.userInfo.id}`, before: { role: 'user' }, after: { role: 'operator' } },
    ]);
    expect(log.data.list.every((line) => line.createdAt > 0)).toBe(true);
  });
});
