/**
 * npm run operator -- add <phone> | remove <phone> | list
 *
 * Makes the first operator of the console (运营后台, /user/admin) from the command line: the
 * account must exist (register it with the phone first). Later operators are made in the console.
 * Runs against the same database as the server (DATA_DIR's SQLite, or DATABASE_URL); each change
 * is written to the operators' log as made from the command line.
 */
import { checkPhone } from '../../src/contract/validation';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { connectDatabase } from '../../src/server/db/connection';
import { UserRepository } from '../../src/server/modules/auth/repository';
import { OperatorLog } from '../../src/server/modules/operators/operatorLog';

const USAGE = '用法：npm run operator -- add <手机号> | remove <手机号> | list';

async function main(): Promise<void> {
  const [command, phone] = process.argv.slice(2);
  if (command !== 'add' && command !== 'remove' && command !== 'list') throw new Error(USAGE);
  const database = await connectDatabase(loadConfig());
  try {
    const users = new UserRepository(database.sql, systemClock);
    if (command === 'list') {
      const rows = await database.sql.selectFrom('users').select(['id', 'name', 'mobile']).where('role', '=', 'operator').orderBy('id').execute();
      if (!rows.length) process.stdout.write('还没有运营人员：npm run operator -- add <手机号>\n');
      for (const row of rows) process.stdout.write(`${row.id}\t${row.mobile ?? ''}\t${row.name}\n`);
      return;
    }
    if (!phone) throw new Error(USAGE);
    const problem = checkPhone(phone);
    if (problem) throw new Error(problem);
    const user = await users.byMobile(phone);
    if (!user) throw new Error(`手机号 ${phone} 还没有注册账号：请先用它注册，再运行本命令`);
    const role = command === 'add' ? 'operator' : 'user';
    if (user.role === role) {
      process.stdout.write(command === 'add' ? `${phone}（${user.name}）已是运营人员\n` : `${phone}（${user.name}）不是运营人员\n`);
      return;
    }
    await database.sql.transaction().execute(async (trx) => {
      await users.in(trx).setRole(user.id, role);
      await new OperatorLog(database.sql, systemClock).record('command line', { action: 'user.role', target: `user:${user.id}`, before: { role: user.role }, after: { role } }, trx);
    });
    process.stdout.write(
      command === 'add' ? `${phone}（${user.name}）现在是运营人员：登录后打开 /user/admin\n` : `${phone}（${user.name}）不再是运营人员\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
