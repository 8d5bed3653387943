/**
 * npm run site-config [-- key=value ...]
 *
 * The operator's public site settings (the QQ groups, the logo, the ads, the copyright line) in
 * DATA_DIR's database: with no argument, prints them; with `key=value` pairs, stores them (an empty
 * value hides that item) and remakes the feedback group's join QR from qq1_link. A running server
 * shows the change within 5 seconds. `tutorial1=<url>` … `tutorial4=<url>` replace a flow's shipped
 * tutorial video (an empty value brings the shipped one back), at once.
 */
import { loadConfig } from '../../src/server/config';
import { connectSqlite } from '../../src/server/db/connection';
import { seedCommon } from '../../src/server/modules/common/seed';
import { TUTORIAL_TYPES } from '../../src/contract/common';
import { applySiteSettings, applyTutorialSettings, parseSiteSettings, parseTutorialSettings } from '../../src/server/modules/common/siteSettings';

async function main(): Promise<void> {
  const { tutorials, rest } = parseTutorialSettings(process.argv.slice(2));
  const settings = parseSiteSettings(rest);
  const { dataDir } = loadConfig();
  const database = connectSqlite(dataDir);
  const db = database.sql;
  try {
    await seedCommon(db);
    const stored = await applySiteSettings(db, dataDir, settings);
    for (const [key, value] of Object.entries(stored)) process.stdout.write(`${key.padEnd(10)} ${value || '（空，不显示）'}\n`);
    const videos = await applyTutorialSettings(db, tutorials);
    for (const { type, label } of TUTORIAL_TYPES) process.stdout.write(`${`tutorial${type}`.padEnd(10)} ${videos[type] || `（内置的${label}教程视频）`}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
