import { SCREEN_SIZE_HEADER } from '../../../src/contract/envelope';
import { Limits, Security } from '../../../src/contract/limits';
import { bearer, buildTestApp, registerAndLogin, type TestApp } from '../helpers';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

interface LogRow {
  user_id: number | null;
  path: string;
  query: string;
  remark: string;
  ip: string;
  screen_size: string;
  created_at: number;
}

const rows = (): LogRow[] => t.readDb().prepare('SELECT user_id, path, query, remark, ip, screen_size, created_at FROM operate_logs ORDER BY id').all() as LogRow[];

const record = (payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/Auth/recordOperateLog', payload, headers, remoteAddress: ip });

describe('POST /api/Auth/recordOperateLog', () => {
  it('stores a visit with the IP, screen size and time, and the user when the token is valid', async () => {
    const anonymous = await record({ path: '/logo/selectPage', query: 'module=tl', remark: '' }, { [SCREEN_SIZE_HEADER]: '1920x1080' });
    expect(anonymous.json()).toEqual({ code: 200, msg: 'success', data: null });
    const { token } = await registerAndLogin(t);
    await record({ path: '/logo/config', query: '', remark: '生成logo' }, bearer(token));
    await record({ path: '/x' }, bearer('not-valid'));
    expect(rows()).toEqual([
      { user_id: null, path: '/logo/selectPage', query: 'module=tl', remark: '', ip: '10.0.0.1', screen_size: '1920x1080', created_at: t.clock.now() },
      { user_id: 1, path: '/logo/config', query: '', remark: '生成logo', ip: '10.0.0.1', screen_size: '', created_at: t.clock.now() },
      { user_id: null, path: '/x', query: '', remark: '', ip: '10.0.0.1', screen_size: '', created_at: t.clock.now() },
    ]);
  });

  it('cuts long fields to their caps instead of refusing them', async () => {
    const answer = await record({ path: `/${'p'.repeat(600)}`, query: 'q'.repeat(3000), remark: '长'.repeat(150) }, { [SCREEN_SIZE_HEADER]: 'x'.repeat(100) });
    expect(answer.json()).toMatchObject({ code: 200 });
    const [row] = rows();
    expect(row.path).toHaveLength(Limits.operateLogPathMax);
    expect(row.query).toHaveLength(Limits.operateLogQueryMax);
    expect([...row.remark]).toHaveLength(Limits.operateLogRemarkMax);
    expect(row.screen_size).toHaveLength(32);
  });

  it(`drops visits past ${Security.operateLogPerIpPerMinute} a minute per IP without an error`, async () => {
    for (let i = 0; i < Security.operateLogPerIpPerMinute; i += 1) await record({ path: `/${i}` });
    expect((await record({ path: '/dropped' })).json()).toMatchObject({ code: 200 });
    expect(rows()).toHaveLength(Security.operateLogPerIpPerMinute);
    await record({ path: '/other-ip' }, {}, '10.0.0.2');
    expect(rows()).toHaveLength(Security.operateLogPerIpPerMinute + 1);
  });
});
