/** Readers of a generated site's files and pictures, shared by the mini-site and builder tests. */
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, relative, with forward slashes. */
export function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

/** The pixel size a WebP file declares (lossy VP8, lossless VP8L or extended VP8X); throws for anything else. */
export function webpSize(file: Buffer): { width: number; height: number } {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP file');
  const chunk = file.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + file.readUIntLE(24, 3), height: 1 + file.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
}

/** Writes a small real picture (a gold block, on a dark ground unless transparent) into `dir`; answers its path. */
export async function writeSamplePicture(dir: string, name: string, size: { width: number; height: number }, options: { format: 'png' | 'jpeg'; transparent: boolean }): Promise<string> {
  const { width, height } = size;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!options.transparent) {
    ctx.fillStyle = '#203040';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.fillStyle = '#e0b050';
  ctx.fillRect(width * 0.1, height * 0.2, width * 0.8, height * 0.6);
  const file = path.join(dir, name);
  fs.writeFileSync(file, options.format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 80));
  return file;
}
