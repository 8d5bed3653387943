/** The display face is cut to exactly the characters the page sets in it, in as few files as the face allows. */
import fontverter from 'fontverter';
import { fontCharacters } from '../../../../src/server/render/site/fontCharacters';
import { displayFontFiles, fontFaceCss, unicodeRangeOf } from '../../../../src/server/render/site/siteFonts';

async function charactersOf(woff2: Buffer): Promise<string[]> {
  return [...fontCharacters(Buffer.from(await fontverter.convert(woff2, 'sfnt')))].map((code) => String.fromCodePoint(code)).sort();
}

describe('site display fonts', () => {
  it('gives one woff2 that draws every character of the text and no other', async () => {
    const text = '剑影江湖 Ab1';
    const files = await displayFontFiles('brush', text);
    expect(files).toHaveLength(1);
    expect(files[0].data.toString('latin1', 0, 4)).toBe('wOF2');
    expect(await charactersOf(files[0].data)).toEqual([...new Set(text.replace(/\s/g, ''))].sort());
    expect(files[0].data.length).toBeLessThan(12 * 1024);
  });

  it('takes a rare character from the face slice that holds it, in a second file', async () => {
    // 龖 is outside the 8,000-odd characters of the face's chinese-simplified file.
    const files = await displayFontFiles('serif', '龙腾龖');
    const drawn: string[] = [];
    for (const file of files) drawn.push(...(await charactersOf(file.data)));
    drawn.sort();
    expect(drawn).toEqual(['龖', '龙', '腾'].sort());
    expect(files.length).toBe(2);
  });

  it('names files by face and characters, the same for the same text', async () => {
    const [first] = await displayFontFiles('round', '星辰战纪');
    const [again] = await displayFontFiles('round', '纪战辰星星');
    const [other] = await displayFontFiles('round', '星辰战');
    expect(first.name).toMatch(/^zcool-kuaile-400-[0-9a-f]{12}\.woff2$/);
    expect(again.name).toBe(first.name);
    expect(other.name).not.toBe(first.name);
  });

  it('cuts the same characters once while they are asked for again, and other characters anew', async () => {
    const [first] = await displayFontFiles('brush', '烽火连城');
    const [again] = await displayFontFiles('brush', '城连火烽');
    expect(again.data).toBe(first.data);
    // Many other texts later, the first is cut again, and still holds only its own characters.
    for (const char of '一二三四五六七八九十百千万天地人山水风云雷电龙虎凤鹤春夏秋冬东南西北金木土日月星辰江河湖海花草树林石玉') await displayFontFiles('brush', `烽火${char}`);
    const [later] = await displayFontFiles('brush', '烽火连城');
    expect(later.data).not.toBe(first.data);
    expect(later.data.equals(first.data)).toBe(true);
    const [other] = await displayFontFiles('brush', '烽火连营');
    expect(await charactersOf(other.data)).toEqual(['烽', '火', '连', '营'].sort());
  });

  it('asks for nothing when the page sets no text in the face, and writes one rule per file with its characters', async () => {
    expect(await displayFontFiles('serif', [])).toEqual([]);
    const files = await displayFontFiles('serif', '龙腾');
    const css = fontFaceCss(files, 'assets/fonts');
    expect(css.match(/@font-face/g)).toHaveLength(files.length);
    expect(css).toContain(`url("assets/fonts/${files[0].name}")`);
    expect(css).toContain('font-display:swap');
    expect(files[0].unicodeRange).toBe(unicodeRangeOf(['龙', '腾'].map((char) => char.codePointAt(0) ?? 0)));
    expect(unicodeRangeOf([0x41, 0x42, 0x43, 0x4e00])).toBe('U+41-43,U+4E00');
  });
});
