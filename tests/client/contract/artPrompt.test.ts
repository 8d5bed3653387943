/**
 * The key-art prompt written from the user's game: its name, slogan and texts, and a style word
 * for each of the app's banner styles; never longer than the builder's 画面描述 field.
 */
import { ART_PROMPT_MAX, ART_STYLES, artPromptOf, artStyleOf } from '../../../src/contract/artPrompt';
import { BuilderLimits } from '../../../src/contract/builder';

describe('artPromptOf', () => {
  it('writes a Chinese 通义万相 prompt from the game\'s name, slogan, texts and style', () => {
    const prompt = artPromptOf({ gameName: '山海奇缘', slogan: '踏遍山海 只为寻你', texts: ['上古神兽全图鉴'], style: 'cloud-sea' });
    expect(prompt).toBe(
      '游戏《山海奇缘》的宣传主视觉，仙侠风格，云海之上的仙山楼阁，飞檐与仙鹤，金色晨光，意境呼应“踏遍山海 只为寻你；上古神兽全图鉴”，宽幅横版构图，主体偏右，左侧留出放置标题的空间，电影感光影，细节丰富，高清，画面中不出现任何文字',
    );
  });

  it('quotes a banner\'s #话题# tag line as words: a painter reads the marks as letters to draw', () => {
    const prompt = artPromptOf({ gameName: '星河战纪', texts: ['#星河战纪# #星际争霸# ＃公测开启＃'] });
    expect(prompt).toContain('意境呼应“星河战纪 星际争霸 公测开启”');
    expect(prompt).not.toMatch(/[#＃]/);
  });

  it('has a style word for every banner style, by key or by id, and a general one without', () => {
    const prompts = new Set(ART_STYLES.map((style) => artPromptOf({ gameName: '山海奇缘', style: style.key })));
    expect(prompts.size).toBe(ART_STYLES.length);
    for (const style of ART_STYLES) {
      expect(artPromptOf({ gameName: '山海奇缘', style: style.id })).toBe(artPromptOf({ gameName: '山海奇缘', style: style.key }));
      expect(artPromptOf({ gameName: '山海奇缘', style: String(style.id) })).toContain(style.words);
    }
    const plain = artPromptOf({ gameName: '山海奇缘' });
    expect(plain).toContain('游戏宣传主视觉风格');
    expect(artPromptOf({ gameName: '山海奇缘', style: 'no-such-style' })).toBe(plain);
    expect(artStyleOf(99)).toBeUndefined();
  });

  it('holds only the user\'s words: no sample game, no empty quotes, no repeats', () => {
    const prompt = artPromptOf({ gameName: '', slogan: '  ', texts: ['', '星海远征', '星海远征'] });
    expect(prompt.startsWith('游戏宣传主视觉，')).toBe(true);
    expect(prompt).toContain('意境呼应“星海远征”');
    expect(prompt).not.toContain('《');
    expect(artPromptOf({ gameName: '龙城' })).not.toContain('意境呼应');
    // The name is not quoted again as a text.
    expect(artPromptOf({ gameName: '龙城', slogan: '龙城' })).not.toContain('意境呼应');
  });

  it('keeps a user\'s quotes and line breaks from breaking its own', () => {
    const prompt = artPromptOf({ gameName: '《龙城》"传说"', slogan: '第一行\n第二行 “引号”' });
    expect(prompt).toContain('游戏《龙城传说》');
    expect(prompt).toContain('意境呼应“第一行 第二行 引号”');
    expect(prompt).not.toContain('\n');
  });

  it('fits the 画面描述 field: texts are left out before the style and the composition are', () => {
    expect(ART_PROMPT_MAX).toBe(BuilderLimits.promptMax);
    const long = '很长的一句话'.repeat(10);
    const prompt = artPromptOf({ gameName: '名'.repeat(40), slogan: long, texts: [long + '二', long + '三', long + '四'], style: 'battlefield' });
    expect(Array.from(prompt).length).toBeLessThanOrEqual(ART_PROMPT_MAX);
    expect(prompt).toContain('古代战场');
    expect(prompt).toContain('左侧留出放置标题的空间');
    expect(prompt).toContain('画面中不出现任何文字');
  });
});
