/**
 * The characters a font draws, read from its cmap table (formats 4 and 12, the ones fonts use for
 * Unicode). The input is a plain sfnt (TrueType/OpenType) file, as fontverter gives.
 */
export function fontCharacters(sfnt: Buffer): Set<number> {
  const tables = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i += 1) {
    const entry = 12 + i * 16;
    if (sfnt.toString('latin1', entry, entry + 4) === 'cmap') cmap = sfnt.readUInt32BE(entry + 8);
  }
  if (cmap < 0) throw new Error('The font has no cmap table');
  const chars = new Set<number>();
  const subtables = sfnt.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i += 1) {
    const record = cmap + 4 + i * 8;
    const platform = sfnt.readUInt16BE(record);
    const offset = cmap + sfnt.readUInt32BE(record + 4);
    const format = sfnt.readUInt16BE(offset);
    if (platform !== 0 && platform !== 3) continue;
    if (format === 4) {
      const segments = sfnt.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s += 1) {
        const end = sfnt.readUInt16BE(ends + s * 2);
        const start = sfnt.readUInt16BE(starts + s * 2);
        const delta = sfnt.readInt16BE(deltas + s * 2);
        const rangeOffset = sfnt.readUInt16BE(rangeOffsets + s * 2);
        for (let code = start; code <= end && code !== 0xffff; code += 1) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
          else {
            const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2;
            glyph = sfnt.readUInt16BE(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) chars.add(code);
        }
      }
    } else if (format === 12) {
      const groups = sfnt.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g += 1) {
        const group = offset + 16 + g * 12;
        const start = sfnt.readUInt32BE(group);
        const end = sfnt.readUInt32BE(group + 4);
        const glyph = sfnt.readUInt32BE(group + 8);
        for (let code = start; code <= end; code += 1) if (glyph + (code - start) !== 0) chars.add(code);
      }
    }
  }
  return chars;
}
