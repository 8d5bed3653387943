/**
 * A slogan set phrase by phrase: '一剑入江湖 半生写春秋' becomes two spans, so vertical text
 * starts each phrase on its own column (like a couplet) instead of breaking inside one.
 */
import type { ReactNode } from 'react';
import { Fd } from './Display';

export function Phrases({ text, className }: { text: string; className: string }): ReactNode {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((phrase, i) => (
      <Fd key={i} className={className}>
        {phrase}
      </Fd>
    ));
}
