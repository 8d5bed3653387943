import { unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeZipAtomically } from '../../../src/server/modules/generation/zip';
import { centralEntries } from '../../fixtures/zipDirectory';

describe('the zips users download', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-zip-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('name their entries in UTF-8, made on Unix as plain 0644 files, so that Info-ZIP unzip keeps Chinese names', async () => {
    const file = path.join(dir, '全屏动画.zip');
    const mtime = new Date('2026-11-28T08:00:00Z');
    writeZipAtomically(file, {
      '龙腾天下-logo.png': [Buffer.from('png'), { level: 0, mtime }],
      '龙腾天下-官网/index.html': [Buffer.from('<h1>龙腾天下</h1>'), { level: 6, mtime }],
    });
    const zip = fs.readFileSync(file);
    // Entries made on MS-DOS (fflate's default) have their names read as code page 437 by Info-ZIP.
    expect(await centralEntries(zip)).toEqual([
      { name: '龙腾天下-logo.png', madeOn: 3, utf8Flag: true, unixMode: 0o100644, deflated: false },
      { name: '龙腾天下-官网/index.html', madeOn: 3, utf8Flag: true, unixMode: 0o100644, deflated: true },
    ]);
    // The options of each entry still hold: the HTML deflated, the picture stored, both intact.
    const unzipped = unzipSync(new Uint8Array(zip));
    expect(Buffer.from(unzipped['龙腾天下-官网/index.html']).toString()).toBe('<h1>龙腾天下</h1>');
    expect(Buffer.from(unzipped['龙腾天下-logo.png']).toString()).toBe('png');
    expect(fs.readdirSync(dir)).toEqual(['全屏动画.zip']);
  });
});
