/**
 * The first draft of AI生成主视觉's picture description, written from the game's name and the
 * banner's lines (the user sees it and may change every word before 生成). Shared so that the SPA
 * shows what the server would accept: it always fits checkKeyArtPrompt.
 */
import { GenerationLimits, type BannerTexts, type LogoTexts } from './generation';

/** Hashtags and separators of a banner's lower line become plain words. */
function plain(line: string | undefined): string {
  return (line ?? '')
    .replace(/[#＃<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A description of a game's key art, in Chinese, from its texts. */
export function keyArtPromptOf(texts: Partial<LogoTexts & BannerTexts>): string {
  const name = plain(texts.logotext);
  const lines = [texts.bottomtext, texts.bannertextup, texts.bannertextdown].map(plain).filter(Boolean);
  const parts = [
    name ? `游戏《${name}》的官网主视觉海报` : '游戏官网主视觉海报',
    lines.length ? `主题：${lines.join('，')}` : '',
    '画面中央偏一侧是气势十足的主角，背景是宏大的游戏世界场景，电影级光影，色彩浓郁，细节丰富，横版构图，画面中不要出现文字',
  ].filter(Boolean);
  return Array.from(parts.join('。')).slice(0, GenerationLimits.keyArtPromptMax).join('');
}
