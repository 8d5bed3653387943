/**
 * Download: a QR code of the download page (a real code, made by renderSite) and the iOS, Android
 * and PC buttons. A button without an http(s) link is left out, and so is the QR code; with
 * nothing to download the block is not drawn at all.
 */
import type { ReactNode } from 'react';
import { hasDownloads, type SiteContent } from '../content';
import { Fd } from './Display';
import { AndroidIcon, AppleIcon, WindowsIcon } from './Icons';
import { Picture, SHOWN } from './Picture';

export function DownloadButtons({
  content,
  className = '',
  showNote = true,
  withLogo = false,
}: {
  content: SiteContent;
  className?: string;
  showNote?: boolean;
  withLogo?: boolean;
}): ReactNode {
  const { download, assets } = content;
  if (!hasDownloads(content)) return null;
  const buttons = [
    { key: 'ios', href: download.ios, icon: <AppleIcon />, small: '苹果版下载', big: 'App Store' },
    { key: 'android', href: download.android, icon: <AndroidIcon />, small: '安卓版下载', big: 'Android' },
    { key: 'pc', href: download.pc, icon: <WindowsIcon />, small: '电脑版下载', big: 'PC 客户端' },
  ].filter((button): button is typeof button & { href: string } => button.href !== null);
  return (
    <div id="download" className={`dl ${className}`.trim()}>
      {withLogo && <Picture className="dl-logo" src={assets.logo} alt={content.name} shown={SHOWN.barLogo} />}
      {assets.qr && (
        <figure className="dl-qr">
          <img src={assets.qr} alt="扫码下载二维码" width={120} height={120} />
          <figcaption>扫码下载</figcaption>
        </figure>
      )}
      <div className="dl-main">
        {showNote && <Fd as="p" className="dl-note">{download.note}</Fd>}
        {buttons.length > 0 && (
          <div className="dl-btns">
            {buttons.map((button) => (
              <a key={button.key} className={`dl-btn dl-${button.key}`} href={button.href} target="_blank" rel="noopener noreferrer">
                {button.icon}
                <span className="dl-txt">
                  <small>{button.small}</small>
                  <b>{button.big}</b>
                </span>
              </a>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

export const downloadCss = `
.dl{display:flex;align-items:center;gap:24px}
.dl-logo{flex:none;width:200px;max-height:120px;object-fit:contain;filter:drop-shadow(0 4px 10px rgba(0,0,0,.4))}
.dl-qr{flex:none;margin:0;display:flex;flex-direction:column;align-items:center;gap:6px;font-size:13px;letter-spacing:.15em}
.dl-qr img{width:120px;height:120px;padding:6px;background:#fff;border-radius:calc(var(--radius) / 2)}
.dl-main{display:flex;flex-direction:column;gap:14px;min-width:0}
.dl-note{margin:0;font-size:20px;color:var(--accent-ink);letter-spacing:.08em}
.dl-btns{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:12px}
.dl-btn{display:flex;align-items:center;gap:10px;min-width:0;height:56px;padding:0 16px;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);color:var(--text);transition:transform .15s,background .2s,color .2s,border-color .2s}
.dl-btn:hover{transform:translateY(-2px);background:var(--accent);color:var(--on-accent);border-color:var(--accent)}
.dl-btn .ico{flex:none;width:26px;height:26px}
.dl-txt{display:flex;flex-direction:column;line-height:1.2;min-width:0}
.dl-txt small{font-size:11px;white-space:nowrap}
.dl-txt b{font-size:16px;font-weight:700;white-space:nowrap}
@media (max-width:700px){
  .dl{flex-direction:column;gap:16px}
  .dl-logo{width:180px}
  .dl-qr{display:none}
  .dl-btns{grid-template-columns:1fr;width:100%}
  .dl-main{width:100%;align-items:stretch;text-align:center}
  .dl-btn{height:52px;justify-content:center}
}
`;
