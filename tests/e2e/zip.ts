import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

/** Every file of a zip, as a person who unzips it would find them. */
export function readZip(file: string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, decodeStrings: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('not a zip'));
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** What the bytes are, whatever the name says. */
export function kindOf(bytes: Buffer): 'png' | 'webp' | 'jpeg' | 'mp4' | 'unknown' {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return 'unknown';
}

/**
 * Waits until the phone cut of the banner at `bannerUrl` (made after it) is there: asks for its
 * zip (the server waits a while for its extras each time) until the zip holds it.
 */
export async function waitForPhoneCut(page: Page, bannerUrl: string, dir: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    const answer = await page.request.post(new URL('/index/common/createZipUrlByFile', page.url()).href, { data: { fileName: 'cuts', fileList: [bannerUrl] } });
    const { data } = (await answer.json()) as { data: { zipUrl: string } | null };
    if (data?.zipUrl) {
      const file = path.join(dir, `cuts-${attempt}.zip`);
      fs.writeFileSync(file, await (await page.request.get(new URL(data.zipUrl, page.url()).href)).body());
      if ((await readZip(file)).some((entry) => entry.name.endsWith('banner-portrait.mp4'))) return;
    }
    if (Date.now() > until) throw new Error(`The cuts of ${bannerUrl} were not made within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(2000);
  }
}
