import fs from 'node:fs';
import path from 'node:path';
import { qrPng } from '../../qrImage';

/** Brand images shipped with the code (logo, ad banners). */
export const BRAND_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets', 'brand');

/** Brand images made at run time (the QQ group's join QR), beside the database. */
export const generatedBrandDir = (dataDir: string): string => path.join(dataDir, 'brand');

export const QQ1_QRCODE_FILE = 'qq1-qrcode.png';

/**
 * Writes the scan-to-join QR of the feedback group when it is missing. Delete the file after
 * changing qq1_link and the next start makes a new one.
 */
export async function ensureQqQrCode(dataDir: string, joinLink: string): Promise<string> {
  const dir = generatedBrandDir(dataDir);
  const file = path.join(dir, QQ1_QRCODE_FILE);
  if (fs.existsSync(file) || !joinLink) return file;
  fs.mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, await qrPng(joinLink, 258, 1));
  // Renamed into place so a visitor never gets a half-written image.
  fs.renameSync(temp, file);
  return file;
}
