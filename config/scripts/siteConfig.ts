/**
 * npm run site-config [-- key=value ...]
 *
 * The operator's public site settings (the QQ groups, the logo, the ads, the copyright line) in
 * DATA_DIR's database: with no argument, prints them; with `key=value` pairs, stores them (an empty
 * value hides that item) and remakes the feedback group's join QR from qq1_link. A running server
 * shows the change within 5 seconds.
 */
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrations';
import { seedCommon } from '../../src/server/modules/common/seed';
import { applySiteSettings, parseSiteSettings } from '../../src/server/modules/common/siteSettings';

async function main(): Promise<void> {
  const settings = parseSiteSettings(process.argv.slice(2));
  const { dataDir } = loadConfig();
  const db = openDatabase(dataDir);
  try {
    runMigrations(db);
    seedCommon(db);
    const stored = await applySiteSettings(db, dataDir, settings);
    for (const [key, value] of Object.entries(stored)) process.stdout.write(`${key.padEnd(10)} ${value || '（空，不显示）'}\n`);
  } finally {
    db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
