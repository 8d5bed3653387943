/**
 * favicon.ico from PNG pictures: the ICO container with PNG-compressed entries, which every
 * browser and Windows since Vista read. Pictures must be square and at most 256 px.
 */
export function icoOf(pictures: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pictures.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * pictures.length;
  for (const { size, png } of pictures) {
    if (!Number.isInteger(size) || size < 1 || size > 256) throw new Error(`An icon is 1 to 256 px, got ${size}`);
    const entry = Buffer.alloc(16);
    // 0 means 256 in the one-byte width and height.
    entry.writeUInt8(size === 256 ? 0 : size, 0);
    entry.writeUInt8(size === 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...pictures.map((picture) => picture.png)]);
}

/** The sizes and byte ranges an ICO file declares (for tests and checks). */
export function icoEntries(ico: Buffer): Array<{ size: number; png: Buffer }> {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new Error('Not an ICO file');
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 6 + index * 16;
    const size = ico.readUInt8(at) || 256;
    const length = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    return { size, png: ico.subarray(offset, offset + length) };
  });
}
