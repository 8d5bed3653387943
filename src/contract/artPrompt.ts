/**
 * The Chinese picture description (prompt) an AI painter such as 通义万相 gets for a game's key
 * art, written from the user's own game: its name, slogan and texts, and the style they chose.
 * 通义万相's guide builds a prompt as subject + scene + style + light + mood + detail; the
 * banner puts the logo and the texts over the picture, so it asks for room on the left and for no
 * letters in the picture. Both the builder (its 画面描述 field) and the banner flows use it: the
 * user sees it and may change it before anything is painted.
 */

/** The app's banner styles (ids and keys of the banner templates), each with the words that paint it. */
export const ART_STYLES = [
  { id: 1, key: 'battlefield', name: '烽火战场', words: '古代战场，烽火狼烟，千军万马，史诗战争场面，暗红色调' },
  { id: 2, key: 'ink-mountains', name: '水墨山河', words: '中国水墨画风格，远山淡雾，留白意境，黑白灰与淡青色' },
  { id: 3, key: 'cyber-city', name: '赛博都市', words: '赛博朋克都市夜景，霓虹灯光，雨中高楼，紫色与青色' },
  { id: 4, key: 'warp', name: '星际穿越', words: '科幻太空场景，星云与光轨，飞船穿越璀璨星河，蓝紫色调' },
  { id: 5, key: 'sakura-fall', name: '樱花飞舞', words: '日系唯美动漫风格，樱花飘落，柔和温暖的阳光，粉色调' },
  { id: 6, key: 'storm', name: '雷暴天穹', words: '雷暴天空，闪电划破乌云，狂风暴雨，磅礴气势，冷蓝色调' },
  { id: 7, key: 'deep-sea', name: '深海幽光', words: '深海场景，幽蓝光芒，发光的水母与海底遗迹，神秘氛围' },
  { id: 8, key: 'golden-palace', name: '金殿辉煌', words: '金碧辉煌的宫殿大殿，红金配色，灯火与帷幔，盛大庄严' },
  { id: 9, key: 'snowfield', name: '冰封雪原', words: '冰封雪原，冰川与飞雪，冷冽的蓝白色调，辽阔苍茫' },
  { id: 10, key: 'pixel-world', name: '像素冒险', words: '像素艺术风格，复古八位游戏画面，明快饱和的色彩' },
  { id: 11, key: 'dark-portal', name: '暗黑魔域', words: '暗黑奇幻风格，魔法传送门，紫色魔光与火焰，压迫感' },
  { id: 12, key: 'aurora', name: '极光之境', words: '极光夜空，梦幻的绿紫色光带，雪山与湖面倒影' },
  { id: 13, key: 'mecha-hud', name: '机甲战线', words: '巨型机甲，科幻战场废墟，金属质感，橙色警示灯光' },
  { id: 14, key: 'cloud-sea', name: '仙境云海', words: '仙侠风格，云海之上的仙山楼阁，飞檐与仙鹤，金色晨光' },
] as const;

export type ArtStyleKey = (typeof ART_STYLES)[number]['key'];

/** Without a chosen style: the look of a game's key art in general. */
const GENERIC_STYLE = '游戏宣传主视觉风格，史诗感场景';
/** What every banner picture needs whatever its style: room for the texts, no letters of its own. */
const COMPOSITION = '宽幅横版构图，主体偏右，左侧留出放置标题的空间';
const FINISH = '电影感光影，细节丰富，高清，画面中不出现任何文字';

/** As long as the builder's 画面描述 field may be (BuilderLimits.promptMax), well within 通义万相's 500. */
export const ART_PROMPT_MAX = 200;
/** One of the user's texts is quoted up to this many characters: a sentence, not a paragraph. */
const TEXT_MAX = 30;

export interface ArtPromptInput {
  /** The game's name as the user typed it ('' when they have not). */
  gameName: string;
  /** Its slogan or banner headline. */
  slogan?: string;
  /** More of the user's own texts (a subtitle, a line about the game), most telling first. */
  texts?: readonly string[];
  /** The chosen banner style: its key ('cloud-sea') or its id (14). */
  style?: string | number;
}

/** The style of a key or id, undefined for none or one the app does not have. */
export function artStyleOf(style: string | number | undefined): (typeof ART_STYLES)[number] | undefined {
  if (style === undefined || style === '') return undefined;
  return ART_STYLES.find((candidate) => candidate.key === style || candidate.id === Number(style));
}

/**
 * A text as the prompt quotes it: one line, its quotes and brackets gone (they would end ours), the
 * #话题# marks of a banner's tag line gone (a painter reads them as letters to draw), capped.
 */
function clean(value: string | undefined): string {
  const line = (value ?? '')
    .replace(/[#＃]+/g, ' ')
    .replace(/[\s\u3000]+/g, ' ')
    .replace(/[“”"《》「」『』<>]/g, '')
    .trim();
  return Array.from(line).slice(0, TEXT_MAX).join('');
}

/**
 * The Chinese prompt for a game's key art. Only the user's own words and the style's go in: a
 * template's sample text (another game's name or slogan) must not be passed as theirs.
 */
export function artPromptOf({ gameName, slogan, texts = [], style }: ArtPromptInput): string {
  const name = clean(gameName);
  const chosen = artStyleOf(style);
  const subject = name ? `游戏《${name}》的宣传主视觉` : '游戏宣传主视觉';
  const seen = new Set([name]);
  const quoted: string[] = [];
  for (const text of [slogan, ...texts].map(clean)) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    quoted.push(text);
  }
  const head = [subject, chosen ? chosen.words : GENERIC_STYLE];
  const tail = [COMPOSITION, FINISH];
  const join = (mood: string[]): string => [...head, ...(mood.length ? [`意境呼应“${mood.join('；')}”`] : []), ...tail].join('，');
  // The user's texts go in while they fit; the style and the composition always do.
  let mood = quoted;
  while (mood.length && Array.from(join(mood)).length > ART_PROMPT_MAX) mood = mood.slice(0, -1);
  return Array.from(join(mood)).slice(0, ART_PROMPT_MAX).join('');
}
