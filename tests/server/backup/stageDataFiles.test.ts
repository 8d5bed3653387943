/**
 * The backup's copy of DATA_DIR under writes: a site folder swapped in again and again while it is
 * staged comes out as one version of itself, whole, never a mix of two or a half.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageDataFiles } from '../../../src/server/backup/stageDataFiles';
import { publishFolder } from '../../../src/server/storage/publishFolder';

const FILES = 40;

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-stage-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('stages a folder being replaced by publishFolder as one whole version, each time', async () => {
  const site = path.join(dataDir, 'sites', 'site1');
  const publish = (version: number) =>
    publishFolder(path.join(dataDir, 'sites-tmp'), site, async (dir) => {
      for (let file = 0; file < FILES; file += 1) await fs.promises.writeFile(path.join(dir, `f${file}.txt`), String(version));
    });
  await publish(0);
  let running = true;
  let published = 0;
  const publisher = (async () => {
    while (running) {
      published += 1;
      await publish(published);
    }
  })();

  const seen = new Set<string>();
  try {
    for (let round = 0; round < 10; round += 1) {
      const staging = path.join(dataDir, `backup-${round}.tmp`);
      fs.mkdirSync(staging);
      const count = await stageDataFiles(dataDir, staging, { skip: new Set(['sites-tmp']) });
      const staged = path.join(staging, 'sites', 'site1');
      const names = fs.readdirSync(staged);
      const versions = new Set(names.map((name) => fs.readFileSync(path.join(staged, name), 'utf8')));
      expect({ files: names.length, versions: versions.size }).toEqual({ files: FILES, versions: 1 });
      expect(count.files).toBe(FILES);
      seen.add([...versions][0]);
      fs.rmSync(staging, { recursive: true });
    }
  } finally {
    running = false;
    await publisher;
  }
  // The folder did change under the staging: several versions were caught.
  expect(seen.size).toBeGreaterThan(1);
});
