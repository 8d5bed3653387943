import { ConfigError } from '../config';
import { BackupRefused } from './refusal';

/**
 * Runs `npm run backup` or `npm run restore` on its one argument: a refusal or a bad setting is
 * printed as its one line, anything unexpected with its stack after `failure`; either way exit 1.
 */
export function runCommand(usage: string, failure: string, body: (argument: string) => Promise<void>): void {
  const [argument, ...extra] = process.argv.slice(2);
  const run = !argument || extra.length ? Promise.reject(new BackupRefused(usage)) : body(argument);
  run.catch((error: unknown) => {
    const known = error instanceof BackupRefused || error instanceof ConfigError;
    const text = error instanceof Error ? (known ? error.message : `${failure}${error.stack ?? error.message}`) : `${failure}${String(error)}`;
    process.stderr.write(`${text}\n`);
    process.exitCode = 1;
  });
}
