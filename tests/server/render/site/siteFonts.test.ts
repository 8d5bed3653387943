/** The display face is cut to the characters the page sets in it: the right files, few of them, with matching ranges. */
import fs from 'node:fs';
import { displayFontFiles, fontFaceCss } from '../../../../src/server/render/site/siteFonts';

function covers(unicodeRange: string, char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return unicodeRange.split(',').some((part) => {
    const [low, high] = part.trim().replace(/^U\+/i, '').split('-');
    return code >= Number.parseInt(low, 16) && code <= Number.parseInt(high ?? low, 16);
  });
}

describe('site display fonts', () => {
  it('picks, for each character, a file whose range covers it, and nothing else', () => {
    const text = '剑影江湖 Ab1';
    const files = displayFontFiles('brush', text);
    for (const char of text.replace(/\s/g, '')) expect(files.some((file) => covers(file.unicodeRange, char))).toBe(true);
    expect(files.length).toBeLessThanOrEqual(text.length);
    for (const file of files) {
      expect(fs.existsSync(file.from)).toBe(true);
      expect(file.name).toMatch(/^ma-shan-zheng-[\w-]+-400-normal\.woff2$/);
      expect(Array.from(text).some((char) => covers(file.unicodeRange, char))).toBe(true);
    }
  });

  it('asks for nothing when the page sets no text in the face, and writes one rule per file', () => {
    expect(displayFontFiles('serif', [])).toEqual([]);
    const files = displayFontFiles('serif', '龙腾');
    const css = fontFaceCss(files, 'fonts');
    expect(css.match(/@font-face/g)).toHaveLength(files.length);
    for (const file of files) expect(css).toContain(`url("fonts/${file.name}")`);
  });
});
