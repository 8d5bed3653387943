/** A section heading: the Chinese title in the display face, its English echo, and the family's ornament (CSS). */
import type { ReactNode } from 'react';
import { Fd } from './Display';

export function SectionTitle({ title, en, index }: { title: string; en: string; index?: number }): ReactNode {
  return (
    <header className="st">
      {index !== undefined && <span className="st-index">{String(index).padStart(2, '0')}</span>}
      <Fd as="h2" className="st-title">
        {title}
      </Fd>
      <span className="st-en" aria-hidden="true">
        {en}
      </span>
    </header>
  );
}

export const sectionTitleCss = `
.st{position:relative;display:flex;flex-direction:column;align-items:center;text-align:center;margin:0 0 48px}
.st-title{margin:0;font-size:clamp(28px,3.2vw,42px);line-height:1.2;color:var(--text)}
.st-en{margin-top:8px;font-size:13px;letter-spacing:.42em;text-transform:uppercase;color:var(--accent-ink)}
.st-index{font-size:14px;letter-spacing:.2em;color:var(--accent-ink)}
.st::after{content:"";display:block;width:64px;height:3px;margin-top:16px;background:linear-gradient(90deg,transparent,var(--accent),transparent)}
`;
