/**
 * npm run site-config [-- key=value ...]
 *
 * The public site settings (the QQ groups, the logo, the ads, the copyright line, the tutorial
 * videos), as the console's 站点设置 page edits them: with no argument, prints them; with
 * `key=value` pairs, stores them through the same checks, written to the operators' log as done
 * from the command line. An empty value hides that item (for `tutorial1` … `tutorial4`, brings the
 * shipped video back). Runs against the server's database (DATA_DIR's SQLite, or DATABASE_URL);
 * every running server shows the change on its next page load, and makes the feedback group's
 * join QR from qq1_link.
 */
import { SETTING_KEYS } from '../../src/contract/siteSettings';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { connectDatabase } from '../../src/server/db/connection';
import { BusinessError } from '../../src/server/http/envelope';
import { seedCommon } from '../../src/server/modules/common/seed';
import { parseSettingArgs } from '../../src/server/modules/common/siteSettings';
import { OperatorLog } from '../../src/server/modules/operators/operatorLog';
import { brandFileExists } from '../../src/server/modules/settings/brandPictures';
import { SiteSettings } from '../../src/server/modules/settings/settingsService';
import { connectDataFiles } from '../../src/server/storage';

async function main(): Promise<void> {
  const update = parseSettingArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await connectDatabase(config);
  const files = await connectDataFiles(config.dataDir, config.storage);
  try {
    await seedCommon(database.sql);
    const settings = new SiteSettings({ sql: database.sql, log: new OperatorLog(database.sql, systemClock), fileExists: (url) => brandFileExists(files, url) });
    const { settings: stored, changed } = await settings.update('command line', update);
    for (const key of SETTING_KEYS) {
      const value = stored.values[key];
      const shown = value || (key.startsWith('tutorial') ? '（内置的教程视频）' : '（空，不显示）');
      process.stdout.write(`${key.padEnd(10)} ${shown}${changed.includes(key) ? '  ← 已修改' : ''}\n`);
    }
  } finally {
    await files.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof BusinessError || error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
