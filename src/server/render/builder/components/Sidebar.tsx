/**
 * The sidebar: on desktop a panel fixed to one side, folded and unfolded by its tab (a <details>,
 * so it works without script); on phones a bar along the bottom of the screen with its main
 * actions, so it never covers the page.
 */
import type { ReactNode } from 'react';
import { Fd } from '../../site/blocks/Display';
import { AndroidIcon, AppleIcon, ArrowIcon, WindowsIcon } from '../../site/blocks/Icons';
import { SERVICE_ITEMS, sidebarKeys as k } from '../definitions/sidebar';
import type { FieldReader } from '../plan';
import type { SidebarDefinition } from '../types';
import type { SiteFrame } from './frame';
import { Picture, SHOWN } from '../../site/blocks/Picture';

interface Action {
  /** Null when the user gave no link: the action is left out. */
  href: string | null;
  label: string;
  icon?: ReactNode;
}

type LinkedAction = Action & { href: string };

/** The actions that lead somewhere and say something. */
function usable(actions: Action[]): LinkedAction[] {
  return actions.filter((action): action is LinkedAction => Boolean(action.href && action.label.trim()));
}

/** Outside links open in a new tab; places in the page do not. */
function target(href: string): { href: string; target?: string; rel?: string } {
  return href.startsWith('http') ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}

function ActionLinks({ actions, className }: { actions: LinkedAction[]; className: string }): ReactNode {
  return actions.map((action) => (
    <a key={action.label} className={className} {...target(action.href)}>
      {action.icon}
      <span>{action.label}</span>
    </a>
  ));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/**
 * The panel's body and the phone bar's actions of each kind. An action without a link is left out
 * (the panel still shows, so that the chosen sidebar is seen and its links can be filled in).
 */
function kindParts(def: SidebarDefinition, f: FieldReader, site: SiteFrame): { panel: ReactNode; bar: LinkedAction[] } {
  switch (def.design.layout) {
    case 'download': {
      const stores = usable([
        { href: f.link(k.iosUrl), label: 'iOS 下载', icon: <AppleIcon /> },
        { href: f.link(k.androidUrl), label: '安卓下载', icon: <AndroidIcon /> },
        { href: f.link(k.pcUrl), label: 'PC 下载', icon: <WindowsIcon /> },
      ]);
      const qr = f.qr(k.qrUrl);
      return {
        panel: (
          <>
            {qr && <img className="sb-qr" src={qr} alt="扫码下载二维码" width={132} height={132} />}
            <p className="sb-note">{f.text(k.note)}</p>
            {stores.length > 0 && (
              <div className="sb-list">
                <ActionLinks actions={stores} className="sb-item" />
              </div>
            )}
          </>
        ),
        bar: stores,
      };
    }
    case 'nav': {
      const places = usable(site.nav.map((item) => ({ href: item.href, label: item.label })));
      const download = usable([{ href: f.link(k.downloadLink), label: f.text(k.buttonText) }]);
      return {
        panel: (
          <>
            <nav className="sb-list sb-nav" aria-label="页面目录">
              <ActionLinks actions={places} className="sb-item" />
            </nav>
            {download.map((action) => (
              <a key={action.label} className="sb-btn" {...target(action.href)}>
                <Fd>{action.label}</Fd>
              </a>
            ))}
          </>
        ),
        bar: [...places.slice(1, 4), ...download],
      };
    }
    case 'social': {
      const links = usable([
        { href: f.link(k.weiboUrl), label: '官方微博' },
        { href: f.link(k.bilibiliUrl), label: '官方B站' },
        { href: f.link(k.communityUrl), label: '玩家社区' },
      ]);
      return {
        panel: (
          <>
            <Picture className="sb-qr" src={f.image(k.wechatQr)} alt={f.text(k.wechatName)} shown={SHOWN.small} width={132} height={132} />
            <p className="sb-note">{f.text(k.wechatName)}</p>
            {links.length > 0 && (
              <div className="sb-list">
                <ActionLinks actions={links} className="sb-item" />
              </div>
            )}
            {f.text(k.qqGroup).trim() && (
              <p className="sb-meta">
                玩家QQ群<b>{f.text(k.qqGroup)}</b>
              </p>
            )}
          </>
        ),
        bar: links,
      };
    }
    case 'gift': {
      const claim = usable([{ href: f.link(k.buttonLink), label: f.text(k.buttonText) }]);
      return {
        panel: (
          <>
            <div className="sb-box" aria-hidden="true">
              <i />
            </div>
            <p className="sb-note">{f.text(k.giftDesc)}</p>
            {f.text(k.giftCode).trim() && (
              <p className="sb-code">
                礼包码<b>{f.text(k.giftCode)}</b>
              </p>
            )}
            {claim.map((action) => (
              <a key={action.label} className="sb-btn" {...target(action.href)}>
                <Fd>{action.label}</Fd>
              </a>
            ))}
          </>
        ),
        // On a phone the code itself rides in the bar, beside the button that claims it.
        bar: claim.length ? [{ ...claim[0], label: f.text(k.giftCode).trim() ? `礼包码 ${f.text(k.giftCode)}` : f.text(k.title) }, ...claim] : [],
      };
    }
    case 'service': {
      const services = usable(range(SERVICE_ITEMS).map((n) => ({ href: f.link(k.serviceUrl(n)), label: f.text(k.serviceText(n)), icon: <ArrowIcon /> })));
      return {
        panel: (
          <div className="sb-list">
            <ActionLinks actions={services} className="sb-item" />
          </div>
        ),
        bar: services.map(({ href, label }) => ({ href, label })),
      };
    }
  }
}

export function Sidebar({ def, f, site }: { def: SidebarDefinition; f: FieldReader; site: SiteFrame }): ReactNode {
  const { layout, side, surface } = def.design;
  const { panel, bar } = kindParts(def, f, site);
  const title = f.text(k.title);
  return (
    <aside className={`sb sb-${layout} sb-${side} sb-${surface}`} aria-label={title || '侧边栏'}>
      <details className="sb-fold" open>
        <summary className="sb-tab">
          <Fd>{title}</Fd>
        </summary>
        <div className="sb-panel">
          {panel}
          <a className="sb-top" href="#top">
            回到顶部
          </a>
        </div>
      </details>
      {bar.length > 0 && (
        <nav className="sb-bar" aria-label={title || '快捷入口'}>
          <ActionLinks actions={bar} className="sb-bar-item" />
        </nav>
      )}
    </aside>
  );
}

export const sidebarCss = `
.sb{position:fixed;top:50%;z-index:40;transform:translateY(-50%)}
.sb-right{right:16px}
.sb-left{left:16px}
.sb-fold{display:flex;align-items:flex-start;gap:0}
.sb-right .sb-fold{flex-direction:row-reverse}
.sb-tab{display:flex;align-items:center;justify-content:center;width:34px;min-height:120px;padding:12px 0;writing-mode:vertical-rl;letter-spacing:.3em;font-size:15px;cursor:pointer;list-style:none;border-radius:var(--radius);background:var(--accent);color:var(--on-accent);box-shadow:0 10px 24px -12px rgba(0,0,0,.6)}
.sb-tab::-webkit-details-marker{display:none}
.sb-fold[open] .sb-tab{border-radius:var(--radius) 0 0 var(--radius)}
.sb-left .sb-fold[open] .sb-tab{border-radius:0 var(--radius) var(--radius) 0}
.sb-panel{display:flex;flex-direction:column;align-items:stretch;gap:10px;width:176px;padding:16px 14px;border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 20px 40px -20px rgba(0,0,0,.7);text-align:center}
.sb-right .sb-panel{border-top-right-radius:0}
.sb-left .sb-panel{border-top-left-radius:0}
.sb-qr{width:132px;height:132px;margin:0 auto;padding:6px;border-radius:calc(var(--radius) / 2);background:#fff;object-fit:contain}
.sb-note{margin:0;font-size:13px;line-height:1.5;opacity:.85}
.sb-meta,.sb-code{display:flex;flex-direction:column;margin:0;font-size:12px;opacity:.85}
.sb-meta b,.sb-code b{font-size:16px;letter-spacing:.08em;opacity:1;user-select:all}
.sb-code b{margin-top:4px;padding:4px 0;border:1px dashed currentColor;border-radius:calc(var(--radius) / 2)}
.sb-list{display:flex;flex-direction:column;gap:6px}
.sb-item{display:flex;align-items:center;justify-content:center;gap:8px;height:38px;padding:0 10px;border-radius:calc(var(--radius) / 2);background:rgba(127,127,127,.14);font-size:14px;transition:background .2s,color .2s}
.sb-item:hover{background:var(--accent);color:var(--on-accent)}
.sb-item .ico{width:18px;height:18px;flex:none}
.sb-service .sb-item{justify-content:space-between}
.sb-service .sb-item .ico{order:2;width:14px;height:14px}
.sb-nav .sb-item{justify-content:flex-start;background:none;border-left:2px solid var(--line);border-radius:0}
.sb-nav .sb-item:hover{border-left-color:var(--accent)}
.sb-btn{display:flex;align-items:center;justify-content:center;height:42px;border-radius:var(--radius);background:linear-gradient(180deg,var(--accent),color-mix(in srgb,var(--accent) 75%,#000));color:var(--on-accent);font-size:16px}
.sb-box{position:relative;width:72px;height:60px;margin:4px auto 0;border-radius:8px;background:linear-gradient(180deg,var(--accent2),color-mix(in srgb,var(--accent2) 70%,#000))}
.sb-box::before{content:"";position:absolute;inset:-10px -6px auto;height:18px;border-radius:6px;background:var(--accent2);filter:brightness(1.15)}
.sb-box i{position:absolute;left:50%;top:-10px;bottom:0;width:12px;margin-left:-6px;background:var(--accent)}
.sb-top{font-size:12px;opacity:.7}
.sb-top:hover{opacity:1;color:var(--accent-ink)}
.sb-bar{display:none}
/* surfaces */
.sb-solid .sb-panel{background:var(--surface);color:var(--text)}
.sb-accent .sb-panel{background:linear-gradient(165deg,var(--accent),color-mix(in srgb,var(--accent) 60%,var(--accent2)));border-color:transparent;color:var(--on-accent)}
.sb-accent .sb-tab{background:var(--accent2);color:#fff}
.sb-accent .sb-item{background:rgba(0,0,0,.14)}
.sb-accent .sb-item:hover{background:var(--on-accent);color:var(--accent-ink)}
.sb-accent .sb-btn{background:var(--on-accent);color:var(--accent-ink)}
.sb-accent .sb-nav .sb-item{border-left-color:rgba(0,0,0,.2)}
.sb-glass .sb-panel{background:rgba(12,12,18,.55);border-color:rgba(255,255,255,.18);color:#fff;backdrop-filter:blur(12px)}
@media (max-width:900px){
  body{padding-bottom:60px}
  .sb{inset:auto 0 0;top:auto;transform:none}
  .sb-fold{display:none}
  .sb-bar{display:flex;height:60px;padding:0 6px env(safe-area-inset-bottom);overflow-x:auto;scrollbar-width:none;background:var(--surface);color:var(--text);border-top:1px solid var(--line);box-shadow:0 -8px 24px -12px rgba(0,0,0,.5)}
  .sb-accent .sb-bar{background:var(--accent);color:var(--on-accent);border-top:0}
  .sb-bar-item{flex:1 0 auto;display:flex;align-items:center;justify-content:center;gap:6px;min-width:76px;padding:0 10px;font-size:14px;white-space:nowrap}
  .sb-bar-item+.sb-bar-item{border-left:1px solid var(--line)}
  .sb-bar-item .ico{width:18px;height:18px}
}
`;
