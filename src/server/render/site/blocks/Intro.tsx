/**
 * The game in a few lines: a headline and the introduction, with the logo beside them. Families
 * whose first screen already shows the slogan head this with the game's name instead. On a phone
 * the introduction follows the hero within the first screen, so its logo is fetched at once, not lazily.
 */
import type { ReactNode } from 'react';
import type { SiteContent } from '../content';
import { Fd } from './Display';
import { Picture, SHOWN } from './Picture';

export function Intro({ content, withLogo = true, heading = 'slogan' }: { content: SiteContent; withLogo?: boolean; heading?: 'slogan' | 'name' }): ReactNode {
  return (
    <section id="intro" className="sec intro">
      <div className="wrap intro-in">
        {withLogo && <Picture className="intro-logo" src={content.assets.logo} alt={content.name} shown={SHOWN.bigLogo} />}
        <div className="intro-body">
          {heading === 'name' && <span className="intro-kicker">游戏简介</span>}
          <Fd as="h2" className="intro-slogan">
            {heading === 'name' ? content.name : content.slogan}
          </Fd>
          <p className="intro-text">{content.intro}</p>
        </div>
      </div>
    </section>
  );
}

export const introCss = `
.intro-in{display:grid;grid-template-columns:minmax(0,.9fr) minmax(0,1.1fr);gap:64px;align-items:center}
.intro-logo{width:100%;max-width:460px;max-height:300px;object-fit:contain;justify-self:center;filter:drop-shadow(0 12px 24px rgba(0,0,0,.35))}
.intro-slogan{margin:0 0 20px;font-size:clamp(28px,3.4vw,46px);line-height:1.25;color:var(--accent-ink)}
.intro-kicker{display:inline-block;margin-bottom:10px;padding:2px 12px;border:1px solid var(--accent);border-radius:calc(var(--radius) / 2);color:var(--accent-ink);font-size:13px;letter-spacing:.3em}
.intro-text{margin:0;font-size:17px;line-height:2;color:var(--text);text-align:justify}
.intro-in:has(> :only-child){grid-template-columns:1fr;max-width:860px;text-align:center}
@media (max-width:900px){
  .intro-in{grid-template-columns:1fr;gap:28px;text-align:center}
  .intro-logo{max-width:280px;max-height:180px}
  .intro-text{font-size:15px;text-align:left}
}
`;
