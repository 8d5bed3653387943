/**
 * The 预约 block of a launch page (mini sites and builder sites alike): the real count, the
 * milestone tiers on a bar, and the form (platform, phone, graphic captcha, SMS code, consent with
 * the studio's privacy notice), then the success state with the gift code. Its behaviour is
 * reserve.js (reserveScript.ts), which reads the API's origin and the campaign from the section's
 * data attributes and redraws the count and tiers with the same markup as drawn here.
 *
 * No <form>: user pages are sandboxed without allow-forms (and `form-action 'none'`), so a form's
 * submission would never even fire its event; the buttons are plain buttons the script listens to.
 * The display face is not used: the block is added to a page after its font was cut to its text.
 */
import type { ReactNode } from 'react';
import { milestoneLabel, ReserveMessages, ReservePlatformLabels, type MilestoneProgress, type ReserveCampaignInfo } from '../../../../contract/reservations';

/**
 * What a page's 预约 block is drawn from, filled by the publisher (or the zip writer) of a site
 * whose campaign is enabled.
 */
export interface ReserveBlockInput {
  /**
   * The product's absolute origin the page calls, without a trailing slash: PUBLIC_ORIGIN, else
   * the origin the studio published or downloaded from ('https://app.example.com'). Unused in a preview.
   */
  apiOrigin: string;
  /** The campaign as GET ReserveRoutes.campaign answers it now: the first paint's count and tiers. */
  campaign: ReserveCampaignInfo;
  /**
   * The studio's own preview of its site (served from the site's folder, never published): the
   * block as players will see it, with its buttons disabled and a line saying why, and no script,
   * so that testing the preview can neither 预约 nor send an SMS.
   */
  preview?: boolean;
}

/** 12345 -> '12,345' (the script formats the same way). */
export const formatCount = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * How full the bar is, in percent: the tiers sit at equal steps along it (1万 / 5万 / 10万 read as
 * three steps, not as marks crowded at the start), and the fill moves linearly between two tiers.
 */
export function milestoneFill(count: number, tiers: readonly MilestoneProgress[]): number {
  if (!tiers.length) return 0;
  let previous = 0;
  for (const [index, tier] of tiers.entries()) {
    if (count < tier.count) return Math.round(((index + (count - previous) / (tier.count - previous)) / tiers.length) * 1000) / 10;
    previous = tier.count;
  }
  return 100;
}

export function ReserveTiers({ count, tiers }: { count: number; tiers: readonly MilestoneProgress[] }): ReactNode {
  const fill = milestoneFill(count, tiers);
  return (
    <div className="rsv-tiers" data-reserve-tiers="" hidden={!tiers.length}>
      <div className="rsv-bar" role="progressbar" aria-label="里程碑进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={fill}>
        <i style={{ width: `${fill}%` }} />
      </div>
      <ol className="rsv-marks" style={{ gridTemplateColumns: `repeat(${Math.max(tiers.length, 1)},minmax(0,1fr))` }}>
        {tiers.map((tier) => (
          <li key={tier.count} className={tier.reached ? 'rsv-mark is-reached' : 'rsv-mark'}>
            <b>{milestoneLabel(tier.count)}</b>
            <span>{tier.reward}</span>
            <em>{tier.reached ? '已达成' : '未达成'}</em>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ReserveBlock({ reserve }: { reserve: ReserveBlockInput }): ReactNode {
  const { campaign, apiOrigin, preview } = reserve;
  // Absent attributes are not written: the block of a published page or a zip is as it always was.
  // A preview's names neither the API nor the campaign: it has no script, and an unpublished site's
  // folder address gives nobody a campaign to call.
  const off = preview || undefined;
  return (
    <section
      id="reserve"
      className="sec rsv"
      data-reserve=""
      data-reserve-preview={preview ? '' : undefined}
      data-reserve-api={preview ? undefined : apiOrigin}
      data-reserve-campaign={preview ? undefined : campaign.campaignId}
      aria-labelledby="rsv-title"
    >
      <div className="wrap rsv-in">
        <div className="rsv-head">
          <h2 id="rsv-title" className="rsv-title">预约领取礼包</h2>
          <p className="rsv-count">
            已有 <b data-reserve-count="">{formatCount(campaign.count)}</b> 人预约
          </p>
        </div>
        <ReserveTiers count={campaign.count} tiers={campaign.tiers} />
        <div className="rsv-form" data-reserve-form="">
          <fieldset className="rsv-platforms">
            <legend>选择平台</legend>
            {campaign.platforms.map((platform) => (
              <label key={platform} className="rsv-chip">
                <input type="radio" name="rsv-platform" value={platform} defaultChecked={campaign.platforms.length === 1} />
                <span>{ReservePlatformLabels[platform]}</span>
              </label>
            ))}
          </fieldset>
          <div className="rsv-field">
            <label htmlFor="rsv-phone">手机号</label>
            <input id="rsv-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} placeholder="请输入手机号" data-reserve-phone="" />
          </div>
          <div className="rsv-field">
            <label htmlFor="rsv-captcha">图形验证码</label>
            <div className="rsv-row">
              <input id="rsv-captcha" type="text" autoComplete="off" maxLength={6} placeholder="请输入右侧字符" data-reserve-captcha-code="" />
              <button type="button" className="rsv-captcha" data-reserve-captcha="" disabled={off} aria-label="换一张图形验证码" title="看不清？换一张">
                <img alt="图形验证码" hidden />
                <span>点击获取</span>
              </button>
            </div>
          </div>
          <div className="rsv-field">
            <label htmlFor="rsv-sms">短信验证码</label>
            <div className="rsv-row">
              <input id="rsv-sms" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="请输入短信验证码" data-reserve-sms="" />
              <button type="button" className="rsv-send" data-reserve-send="" disabled={off}>
                获取验证码
              </button>
            </div>
          </div>
          <div className="rsv-consent">
            <label>
              <input type="checkbox" data-reserve-consent="" /> 我已阅读并同意收集手机号用于本次预约
            </label>
            <details className="rsv-privacy">
              <summary>查看隐私说明</summary>
              <p className="rsv-notice">{campaign.privacyNotice}</p>
            </details>
          </div>
          {/* The message line is the script's, which a preview has not: its place shows why the buttons are off. */}
          {preview ? <p className="rsv-preview">{ReserveMessages.previewOnly}</p> : <p className="rsv-msg" role="alert" aria-live="assertive" data-reserve-msg="" />}
          <button type="button" className="btn btn-accent rsv-submit" data-reserve-submit="" disabled={off}>
            立即预约
          </button>
        </div>
        <div className="rsv-done" data-reserve-done="" tabIndex={-1} hidden>
          <h3 className="rsv-done-title" data-reserve-done-title="">
            {ReserveMessages.reserveDone}
          </h3>
          <p className="rsv-done-who" data-reserve-done-who="" />
          <div className="rsv-gift" data-reserve-gift="">
            <span>礼包码</span>
            <code data-reserve-code="" />
            <button type="button" className="btn btn-ghost rsv-copy" data-reserve-copy="">
              复制
            </button>
          </div>
          <p className="rsv-later" data-reserve-later="" hidden>
            {ReserveMessages.codesLater}
          </p>
        </div>
      </div>
    </section>
  );
}

/** The preview's line under the form (only the preview's stylesheet has it: a published block's is unchanged). */
export const reservePreviewCss = `
.rsv-preview{margin:0;padding:10px 12px;border:1px dashed var(--line);border-radius:var(--radius);color:var(--muted);font-size:14px;text-align:center}
.rsv-captcha:disabled{opacity:.7}
.rsv-captcha:disabled,.rsv-send:disabled,.rsv-submit:disabled{cursor:not-allowed}
`;

export const reserveCss = `
.rsv{scroll-margin-top:72px}
.rsv-in{display:grid;gap:22px;max-width:760px;padding:28px 32px;border:1px solid var(--line);border-radius:var(--radius);background:color-mix(in srgb,var(--surface) 92%,transparent);box-shadow:0 24px 48px -32px rgba(0,0,0,.6)}
.rsv-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px 24px}
.rsv-title{margin:0;font-size:26px;line-height:1.3;color:var(--accent-ink)}
.rsv-count{margin:0;color:var(--muted)}
.rsv-count b{font-size:24px;color:var(--text)}
.rsv-tiers[hidden],.rsv-done[hidden],.rsv-form[hidden],.rsv-later[hidden],.rsv-gift[hidden],.rsv-captcha img[hidden]{display:none}
.rsv-bar{height:10px;border-radius:5px;background:color-mix(in srgb,var(--text) 14%,transparent);overflow:hidden}
.rsv-bar i{display:block;height:100%;border-radius:inherit;background:linear-gradient(90deg,var(--accent2),var(--accent));transition:width .6s}
.rsv-marks{display:grid;gap:8px;margin:10px 0 0;padding:0;list-style:none}
.rsv-mark{display:flex;flex-direction:column;align-items:flex-end;text-align:right;font-size:13px;line-height:1.4;color:var(--muted)}
.rsv-mark b{font-size:16px;color:var(--text)}
.rsv-mark em{font-style:normal;font-size:12px}
.rsv-mark.is-reached b,.rsv-mark.is-reached em{color:var(--accent-ink)}
.rsv-mark.is-reached em::before{content:"✓ "}
.rsv-form{display:grid;gap:14px}
.rsv-platforms{display:flex;flex-wrap:wrap;align-items:center;gap:10px;margin:0;padding:0;border:0}
.rsv-platforms legend{float:left;margin-right:6px;padding:0;color:var(--muted)}
.rsv-chip{position:relative;cursor:pointer}
.rsv-chip input{position:absolute;opacity:0;width:1px;height:1px}
.rsv-chip span{display:inline-flex;align-items:center;height:40px;padding:0 18px;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg)}
.rsv-chip input:checked+span{border-color:var(--accent);background:var(--accent);color:var(--on-accent)}
.rsv-chip input:focus-visible+span{outline:2px solid var(--accent);outline-offset:3px}
.rsv-field{display:grid;gap:6px}
.rsv-field label{font-size:14px;color:var(--muted)}
.rsv-row{display:flex;gap:10px}
.rsv-field input{flex:1;min-width:0;height:44px;padding:0 12px;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);color:var(--text);font:inherit}
.rsv-field input:focus{border-color:var(--accent);outline:none;box-shadow:0 0 0 2px color-mix(in srgb,var(--accent) 35%,transparent)}
.rsv-captcha,.rsv-send{flex:none;display:inline-flex;align-items:center;justify-content:center;min-width:120px;height:44px;padding:0 12px;border:1px solid var(--line);border-radius:var(--radius);background:var(--surface);color:var(--text);cursor:pointer}
.rsv-captcha{padding:0;background:#fff;color:#333;overflow:hidden}
.rsv-captcha img{width:120px;height:42px}
.rsv-captcha img:not([hidden])+span{display:none}
.rsv-send{color:var(--accent-ink);border-color:var(--accent)}
.rsv-send:disabled{color:var(--muted);border-color:var(--line);cursor:default}
.rsv-consent{font-size:14px;color:var(--muted)}
.rsv-consent label{display:flex;align-items:flex-start;gap:8px;cursor:pointer}
.rsv-consent input{flex:none;width:18px;height:18px;margin:3px 0 0;accent-color:var(--accent)}
.rsv-privacy summary{margin-top:4px;color:var(--accent-ink);cursor:pointer}
.rsv-notice{margin:6px 0 0;padding:10px 12px;max-height:220px;overflow:auto;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);white-space:pre-line;font-size:13px;line-height:1.6}
.rsv-msg{margin:0;min-height:1.5em;color:#e5484d;font-size:14px}
.is-light .rsv-msg{color:#b4232a}
.rsv-submit{width:100%;height:50px;font-size:18px}
.rsv-submit:disabled,.rsv-send:disabled{opacity:.7}
.rsv-done{display:grid;gap:12px;outline:none}
.rsv-done-title{margin:0;font-size:22px;color:var(--accent-ink)}
.rsv-done-who{margin:0;color:var(--muted)}
.rsv-gift{display:flex;flex-wrap:wrap;align-items:center;gap:10px 14px;padding:14px 16px;border:1px dashed var(--accent);border-radius:var(--radius);background:var(--bg)}
.rsv-gift code{font:700 22px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.08em;color:var(--text);user-select:all}
.rsv-later{margin:0}
@media (max-width:700px){
  .rsv-in{padding:20px 16px}
  .rsv-title{font-size:22px}
  .rsv-marks{grid-template-columns:1fr!important}
  .rsv-mark{flex-direction:row;align-items:baseline;justify-content:space-between;gap:10px;text-align:left}
  .rsv-mark span{flex:1}
  .rsv-captcha,.rsv-send{min-width:108px}
}
`;
