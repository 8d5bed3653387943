import fs from 'node:fs';
import path from 'node:path';
import { qrPng } from '../../render/qrImage';

/** Brand images shipped with the code (logo, ad banners). */
export const BRAND_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets', 'brand');

/** Brand images made at run time (the QQ group's join QR), beside the database. */
export const generatedBrandDir = (dataDir: string): string => path.join(dataDir, 'brand');

export const QQ1_QRCODE_FILE = 'qq1-qrcode.png';
/** The join link the QR was made from, so that a changed link gets a new QR. */
const QQ1_QRCODE_LINK_FILE = 'qq1-qrcode.link';

/**
 * Keeps the scan-to-join QR of the feedback group in step with qq1_link at start: made when the
 * link changed, deleted when there is none (no QR of an old group may stay).
 */
export async function ensureQqQrCode(dataDir: string, joinLink: string): Promise<string> {
  const dir = generatedBrandDir(dataDir);
  const file = path.join(dir, QQ1_QRCODE_FILE);
  const linkFile = path.join(dir, QQ1_QRCODE_LINK_FILE);
  const madeFrom = fs.existsSync(file) && fs.existsSync(linkFile) ? fs.readFileSync(linkFile, 'utf8') : null;
  if (madeFrom === joinLink) return file;
  if (!joinLink) {
    fs.rmSync(file, { force: true });
    fs.rmSync(linkFile, { force: true });
    return file;
  }
  fs.mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, await qrPng(joinLink, 258, 1));
  // Renamed into place so a visitor never gets a half-written image.
  fs.renameSync(temp, file);
  fs.writeFileSync(linkFile, joinLink);
  return file;
}
