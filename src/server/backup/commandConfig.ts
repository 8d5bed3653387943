import path from 'node:path';
import { loadConfig, type Env, type ServerConfig } from '../config';
import { BackupRefused } from './refusal';

/**
 * The server's configuration as `npm start` would read it from `env`, without its one side effect:
 * loading it makes DATA_DIR/secret.key when there is none, and the backup must not write into a
 * DATA_DIR that may be the wrong one, nor the restore into one that must stay empty. The secret
 * itself is not used here (the backup carries the file as it is).
 */
export function commandConfig(env: Env): ServerConfig {
  return loadConfig({ ...env, JWT_SECRET: env.JWT_SECRET || 'unused-by-backup-and-restore-0123456789' });
}

/** The commands handle the embedded SQLite database; PostgreSQL has its own tools. */
export function refusePostgres(config: ServerConfig, command: 'backup' | 'restore'): void {
  if (!config.databaseUrl) return;
  const tool = command === 'backup' ? 'pg_dump（如 pg_dump -Fc -f wpg.dump "$DATABASE_URL"）备份数据库' : 'pg_restore 把 pg_dump 的备份恢复到数据库';
  throw new BackupRefused(`已设置 DATABASE_URL（PostgreSQL）：数据库不在 DATA_DIR 里，本命令只处理内置的 SQLite 数据库。请用 ${tool}，见 README 的 Backups 一节。`);
}

/**
 * An archive path given on the command line. npm runs scripts from the package's folder; INIT_CWD
 * is where the operator typed the command, which is what a relative path means to them.
 */
export function argumentPath(argument: string, env: Env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), argument);
}
