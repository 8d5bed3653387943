/**
 * Text in the theme's display face. The face's font files are large, so the page only ships the
 * subsets that cover the characters actually set in it: every <Fd> records its text in the
 * collector that renderSite provides, and fonts.ts picks the subsets from those characters.
 */
import { createContext, useContext, type ReactNode } from 'react';

export class DisplayTextCollector {
  readonly chars = new Set<string>();

  add(text: string): void {
    for (const char of text) this.chars.add(char);
  }
}

export const DisplayTextContext = createContext<DisplayTextCollector | null>(null);

type DisplayTag = 'span' | 'strong' | 'h1' | 'h2' | 'h3' | 'p' | 'b' | 'em';

/** `children` is plain text: the collector must see every character the face will draw. */
export function Fd({ as: Tag = 'span', className, children }: { as?: DisplayTag; className?: string; children: string }): ReactNode {
  const collector = useContext(DisplayTextContext);
  collector?.add(children);
  return <Tag className={className ? `fd ${className}` : 'fd'}>{children}</Tag>;
}
