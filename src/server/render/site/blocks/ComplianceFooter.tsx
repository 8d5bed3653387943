/**
 * The footer every Chinese game site carries: publisher, copyright holder, publication number,
 * approval number and filing number, the health-gaming advice, and the copyright line.
 */
import type { ReactNode } from 'react';
import type { SiteContent } from '../content';
import { ShieldIcon } from './Icons';
import { Picture, SHOWN } from './Picture';

/** The advice is four sentences; each is set on its own so that the lines break between them. */
export function adviceSentences(text: string): string[] {
  return text
    .split(/(?<=[。；;！!])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export interface ComplianceNumbers {
  publisher: string;
  copyrightOwner: string;
  isbn: string;
  approval: string;
}

/** The publisher, copyright holder and licence numbers the studio filled in; an empty one leaves its row out. */
export function ComplianceMeta({ className, numbers }: { className: string; numbers: ComplianceNumbers }): ReactNode {
  const rows = [
    ['出版单位', numbers.publisher],
    ['著作权人', numbers.copyrightOwner],
    ['出版物号', numbers.isbn],
    ['审批文号', numbers.approval],
  ].filter(([, value]) => value.trim());
  if (!rows.length) return null;
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ComplianceFooter({ content }: { content: SiteContent }): ReactNode {
  const { compliance } = content;
  return (
    <footer className="foot">
      <div className="wrap foot-in">
        <Picture className="foot-logo" src={content.assets.logo} alt={content.name} shown={SHOWN.barLogo} lazy />
        <div className="foot-info">
          <ComplianceMeta className="foot-meta" numbers={compliance} />
          <div className="foot-advice">
            <b className="foot-advice-title">
              <ShieldIcon />
              健康游戏忠告
            </b>
            <p>
              {adviceSentences(compliance.healthAdvice).map((sentence, i) => (
                <span key={i}>{sentence}</span>
              ))}
            </p>
          </div>
          {(content.copyright.trim() || compliance.icp.trim()) && (
            <p className="foot-copy">
              {content.copyright.trim() && <span>{content.copyright}</span>}
              {compliance.icp.trim() && <span>{compliance.icp}</span>}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}

export const footerCss = `
.foot{padding:48px 0 40px;background:#0b0b0d;color:rgba(255,255,255,.62);font-size:13px;line-height:1.9;border-top:3px solid var(--accent)}
.foot-in{display:grid;grid-template-columns:200px minmax(0,1fr);gap:48px;align-items:center}
.foot-logo{width:100%;max-height:120px;object-fit:contain;filter:grayscale(.3) brightness(.95);opacity:.9}
.foot-meta{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:2px 32px;margin:0}
.foot-meta div{display:flex;gap:10px;min-width:0}
.foot-meta dt{flex:none;color:rgba(255,255,255,.42)}
.foot-meta dt::after{content:"："}
.foot-meta dd{margin:0;min-width:0;overflow-wrap:anywhere;color:rgba(255,255,255,.78)}
.foot-advice{display:flex;gap:16px;align-items:flex-start;margin:18px 0 12px;padding:12px 16px;border:1px solid rgba(255,255,255,.14);border-radius:4px}
.foot-advice-title{flex:none;display:flex;align-items:center;gap:6px;color:#fff;font-weight:700}
.foot-advice-title .ico{width:16px;height:16px;color:var(--accent-ink)}
.foot-advice p{margin:0;display:flex;flex-wrap:wrap;gap:0 1.2em}
.foot-copy{display:flex;flex-wrap:wrap;gap:4px 24px;margin:0;color:rgba(255,255,255,.45)}
@media (max-width:900px){
  .foot{padding:32px 0 96px}
  .foot-in{grid-template-columns:1fr;gap:20px;text-align:center}
  .foot-logo{max-width:160px;margin:0 auto}
  .foot-meta{grid-template-columns:1fr;text-align:left}
  .foot-advice{flex-direction:column;gap:6px;text-align:left}
  .foot-copy{justify-content:center}
}
`;
