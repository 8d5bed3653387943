/**
 * GET /readyz with the database on PostgreSQL, reached through a proxy the test can stall: the
 * database stops answering (a network that drops its packets), then answers again.
 */
import { sql } from 'kysely';
import { Messages } from '../../../src/contract/messages';
import { connectPostgres, type DatabaseConnection } from '../../../src/server/db/connection';
import { postgresUrl, testDatabases } from '../db/testDatabases';
import { buildTestApp, type TestApp } from '../helpers';
import { StallingProxy } from './stallingProxy';

const postgres = testDatabases().find((database) => database.name === 'postgres');

(postgres?.available ? describe : describe.skip)('GET /readyz follows the database (PostgreSQL)', () => {
  let t: TestApp;
  let db: DatabaseConnection;
  let proxy: StallingProxy;
  const schema = `t_ready_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    const url = new URL(postgresUrl() ?? '');
    db = await connectPostgres(url.toString(), { schema, poolSize: 1 });
    proxy = new StallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const viaProxy = new URL(url);
    viaProxy.port = String(await proxy.start());
    viaProxy.searchParams.set('options', `-c search_path=${schema}`);
    t = await buildTestApp({ env: { DATABASE_URL: viaProxy.toString() } });
  });

  afterAll(async () => {
    proxy?.resume();
    await t?.close();
    await proxy?.close();
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db.sql);
    await db?.close();
  });

  const readyz = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<{ code: number; msg: string; data: { checked: Record<string, string>; unreachable: string[] } }>() };
  };

  it('is 503 naming the database, within its time limit, while the database does not answer, and 200 once it does', async () => {
    expect(await readyz()).toMatchObject({ status: 200, body: { data: { checked: { database: 'postgres' }, unreachable: [] } } });

    proxy.stall();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503, msg: `${Messages.notReady}：database`, data: { checked: { database: 'postgres' }, unreachable: ['database'] } });
    expect(t.logs.some((line) => line.includes('not ready: database') && line.includes('no answer within'))).toBe(true);
    // The process answers all the same.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    proxy.resume();
    expect(await readyz()).toMatchObject({ status: 200, body: { data: { unreachable: [] } } });
  });
});
