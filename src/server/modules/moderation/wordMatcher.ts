import { ModerationLimits, tooManyWords, wordTooLong } from '../../../contract/moderation';
import { invalid } from '../../http/envelope';

/**
 * Text as words are matched on: full-width forms folded to half-width (NFKC), Latin letters in
 * lower case, and no white space or zero-width characters, so that "Ａ Ｂ" and "a b" both match "ab".
 */
export function normalized(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\u200b-\u200f\u2060\ufeff]+/gu, '');
}

/** The list an operator typed, one word a line: trimmed, no empty lines, each word once (as normalized). */
export function parseWords(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim();
    if (!word) continue;
    if (word.length > ModerationLimits.sensitiveWordMaxLength) throw invalid(wordTooLong(word));
    const key = normalized(word);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  if (words.length > ModerationLimits.sensitiveWordsMax) throw invalid(tooManyWords);
  return words;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** The word as the operator wrote it, when one ends here. */
  word?: string;
}

/**
 * A trie of the normalized words: a text is scanned once from each position, along at most the
 * longest word's length, so a few thousand words cost no more than a few.
 */
export class WordMatcher {
  private readonly root: TrieNode = { next: new Map() };

  constructor(words: readonly string[]) {
    for (const word of words) {
      let node = this.root;
      for (const ch of normalized(word)) {
        let child = node.next.get(ch);
        if (!child) {
          child = { next: new Map() };
          node.next.set(ch, child);
        }
        node = child;
      }
      if (node !== this.root) node.word ??= word;
    }
  }

  /** The first word found in `text`, as the operator wrote it; null if none. */
  find(text: string): string | null {
    if (!this.root.next.size) return null;
    const chars = [...normalized(text)];
    for (let start = 0; start < chars.length; start++) {
      let node = this.root.next.get(chars[start]);
      for (let at = start + 1; node; at++) {
        if (node.word) return node.word;
        if (at >= chars.length) break;
        node = node.next.get(chars[at]);
      }
    }
    return null;
  }
}
