import { unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeZipAtomically } from '../../../src/server/modules/generation/zip';

interface CentralEntry {
  name: string;
  /** The high byte of "version made by": 0 MS-DOS, 3 Unix. */
  madeOn: number;
  utf8Flag: boolean;
  unixMode: number;
}

/** The central directory's entries, read as an unzip tool reads them (APPNOTE 4.3.12). */
function centralEntries(zip: Buffer): CentralEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      madeOn: zip[at + 5],
      utf8Flag: (zip.readUInt16LE(at + 8) & 0x800) !== 0,
      unixMode: zip.readUInt32LE(at + 38) >>> 16,
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('the zips users download', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-zip-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('name their entries in UTF-8, made on Unix as plain 0644 files, so that Info-ZIP unzip keeps Chinese names', () => {
    const file = path.join(dir, '全屏动画.zip');
    const mtime = new Date('2026-11-28T08:00:00Z');
    writeZipAtomically(file, {
      '龙腾天下-logo.png': [Buffer.from('png'), { level: 0, mtime }],
      '龙腾天下-官网/index.html': [Buffer.from('<h1>龙腾天下</h1>'), { level: 6, mtime }],
    });
    const zip = fs.readFileSync(file);
    // Entries made on MS-DOS (fflate's default) have their names read as code page 437 by Info-ZIP.
    expect(centralEntries(zip)).toEqual([
      { name: '龙腾天下-logo.png', madeOn: 3, utf8Flag: true, unixMode: 0o100644 },
      { name: '龙腾天下-官网/index.html', madeOn: 3, utf8Flag: true, unixMode: 0o100644 },
    ]);
    // The options of each entry still hold: the HTML deflated, the picture stored, both intact.
    const unzipped = unzipSync(new Uint8Array(zip));
    expect(Buffer.from(unzipped['龙腾天下-官网/index.html']).toString()).toBe('<h1>龙腾天下</h1>');
    expect(Buffer.from(unzipped['龙腾天下-logo.png']).toString()).toBe('png');
    expect(fs.readdirSync(dir)).toEqual(['全屏动画.zip']);
  });
});
