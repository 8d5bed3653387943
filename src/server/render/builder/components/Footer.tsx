/**
 * The footer: the logo, the site's links and the compliance block every Chinese game site
 * carries (publisher, copyright holder, publication and approval numbers, filing number, the
 * health-gaming advice and the copyright line), in four arrangements.
 */
import type { ReactNode } from 'react';
import { ComplianceMeta, adviceSentences } from '../../site/blocks/ComplianceFooter';
import { ShieldIcon } from '../../site/blocks/Icons';
import { FOOTER_LINKS, footerKeys as k, LOGO_KEY } from '../fields';
import type { FieldReader } from '../plan';
import type { FooterDefinition } from '../types';
import type { SiteFrame } from './frame';
import { Picture, SHOWN } from '../../site/blocks/Picture';

function Advice({ f }: { f: FieldReader }): ReactNode {
  return (
    <div className="ft-advice">
      <b className="ft-advice-title">
        <ShieldIcon />
        健康游戏忠告
      </b>
      <p>
        {adviceSentences(f.text(k.healthAdvice)).map((sentence, i) => (
          <span key={i}>{sentence}</span>
        ))}
      </p>
    </div>
  );
}

function Meta({ f }: { f: FieldReader }): ReactNode {
  const numbers = { publisher: f.text(k.publisher), copyrightOwner: f.text(k.copyrightOwner), isbn: f.text(k.isbn), approval: f.text(k.approval) };
  return <ComplianceMeta className="ft-meta" numbers={numbers} />;
}

function Links({ f }: { f: FieldReader }): ReactNode {
  const links = Array.from({ length: FOOTER_LINKS }, (_, i) => i + 1)
    .map((n) => ({ label: f.text(k.linkText(n)), href: f.link(k.linkUrl(n)) }))
    .filter((item): item is { label: string; href: string } => Boolean(item.label.trim() && item.href));
  if (!links.length) return null;
  return (
    <nav className="ft-links" aria-label="页脚链接">
      {links.map((item, i) => (
        <a key={i} href={item.href} target={item.href.startsWith('http') ? '_blank' : undefined} rel={item.href.startsWith('http') ? 'noopener noreferrer' : undefined}>
          {item.label}
        </a>
      ))}
    </nav>
  );
}

function Copy({ f }: { f: FieldReader }): ReactNode {
  const lines = [f.text(k.copyright), f.text(k.icp)].filter((line) => line.trim());
  if (!lines.length) return null;
  return (
    <p className="ft-copy">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </p>
  );
}

export function Footer({ def, f, site }: { def: FooterDefinition; f: FieldReader; site: SiteFrame }): ReactNode {
  const { layout, surface } = def.design;
  const logo = <Picture className="ft-logo" src={f.image(LOGO_KEY)} alt={site.name} shown={SHOWN.barLogo} lazy />;
  return (
    <footer className={`ft ft-${layout} ft-${surface}`}>
      <div className="wrap ft-in">
        {layout === 'full' && (
          <>
            {logo}
            <div className="ft-info">
              <Meta f={f} />
              <Advice f={f} />
              <Copy f={f} />
            </div>
          </>
        )}
        {layout === 'columns' && (
          <>
            <div className="ft-top">
              {logo}
              <Links f={f} />
            </div>
            <div className="ft-rule" />
            <Meta f={f} />
            <Advice f={f} />
            <Copy f={f} />
          </>
        )}
        {layout === 'centered' && (
          <>
            {logo}
            <Links f={f} />
            <Advice f={f} />
            <Meta f={f} />
            <Copy f={f} />
          </>
        )}
        {layout === 'compact' && (
          <>
            <div className="ft-top">
              {logo}
              <Links f={f} />
              <Copy f={f} />
            </div>
            <Meta f={f} />
            <Advice f={f} />
          </>
        )}
      </div>
    </footer>
  );
}

export const builtFooterCss = `
.ft{position:relative;padding:48px 0 40px;font-size:13px;line-height:1.9}
.ft-in{display:flex;flex-direction:column;gap:16px}
.ft-logo{--mw:200px;--mh:96px;width:min(var(--w),var(--mw),calc(var(--mh) * var(--ar)));max-width:var(--mw);max-height:var(--mh);height:auto;object-fit:contain}
.ft-meta{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:2px 32px;margin:0}
.ft-meta div{display:flex;gap:10px;min-width:0}
.ft-meta dt{flex:none;opacity:.65}
.ft-meta dt::after{content:"："}
.ft-meta dd{margin:0;min-width:0;overflow-wrap:anywhere}
.ft-advice{display:flex;gap:16px;align-items:flex-start;padding:10px 16px;border:1px solid currentColor;border-color:color-mix(in srgb,currentColor 22%,transparent);border-radius:calc(var(--radius) / 2)}
.ft-advice-title{flex:none;display:flex;align-items:center;gap:6px;font-weight:700}
.ft-advice-title .ico{width:16px;height:16px}
.ft-advice p{margin:0;display:flex;flex-wrap:wrap;gap:0 1.2em}
.ft-copy{display:flex;flex-wrap:wrap;gap:4px 24px;margin:0;opacity:.7}
.ft-links{display:flex;flex-wrap:wrap;gap:6px 28px;font-size:14px}
.ft-links a:hover{text-decoration:underline;text-underline-offset:4px}
.ft-rule{height:1px;background:currentColor;opacity:.15}
.ft-top{display:flex;align-items:center;justify-content:space-between;gap:24px;flex-wrap:wrap}
/* arrangements */
.ft-full .ft-in{display:grid;grid-template-columns:200px minmax(0,1fr);gap:48px;align-items:center}
.ft-full .ft-info{display:flex;flex-direction:column;gap:14px}
.ft-full .ft-logo{width:100%}
.ft-centered .ft-in{align-items:center;text-align:center}
.ft-centered .ft-links{justify-content:center}
.ft-centered .ft-links a+a::before{content:"";display:inline-block;width:1px;height:12px;margin:0 14px 0 -15px;background:currentColor;opacity:.35;vertical-align:-1px}
.ft-centered .ft-meta{display:flex;flex-wrap:wrap;justify-content:center;gap:0 24px}
.ft-centered .ft-copy{justify-content:center}
.ft-compact{padding:28px 0 24px}
.ft-compact .ft-logo{--mh:56px;--mw:140px}
.ft-compact .ft-links{flex:1}
.ft-compact .ft-meta{display:flex;flex-wrap:wrap;gap:0 24px;font-size:12px;opacity:.85}
.ft-compact .ft-advice{border:0;padding:0;font-size:12px;opacity:.8}
/* surfaces */
.ft-dark{background:#0b0b0d;color:rgba(255,255,255,.72);border-top:3px solid var(--accent)}
.ft-dark .ft-advice-title .ico{color:var(--accent-ink)}
.ft-theme{background:var(--bg2);color:var(--muted);border-top:1px solid var(--line)}
.ft-theme .ft-advice-title{color:var(--text)}
.ft-theme .ft-advice-title .ico,.ft-theme .ft-links a:hover{color:var(--accent-ink)}
.ft-accent{background:linear-gradient(135deg,color-mix(in srgb,var(--accent) 92%,#000),color-mix(in srgb,var(--accent2) 85%,#000));color:var(--on-accent)}
.ft-accent .ft-logo{filter:drop-shadow(0 2px 6px rgba(0,0,0,.35))}
@media (max-width:900px){
  .ft{padding:32px 0 28px}
  .ft-full .ft-in{grid-template-columns:1fr;gap:20px;text-align:center}
  .ft-full .ft-logo{max-width:160px;margin:0 auto}
  .ft-in{align-items:center;text-align:center}
  .ft-meta{grid-template-columns:1fr;text-align:left}
  .ft-advice{flex-direction:column;gap:6px;text-align:left}
  .ft-top{flex-direction:column;gap:14px}
  .ft-links,.ft-copy{justify-content:center}
}
`;
