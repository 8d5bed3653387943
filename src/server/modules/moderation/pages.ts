import { ModerationLimits, ModerationMessages, REPORT_CATEGORIES, ReportCategoryLabels } from '../../../contract/moderation';
import { escapeHtml, serverPage } from '../../http/html';

/**
 * The pages of 内容审核 a visitor sees: the notice a taken-down page's link serves, and the 举报
 * form with its answer. Self-contained: inline CSS only (both policies allow it), no script.
 */
const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f4f8; color: #1f2329; display: flex; align-items: flex-start; justify-content: center; }
  main { width: min(94vw, 420px); margin: 6vh 0 24px; background: #fff; border-radius: 12px; padding: 28px 20px;
    box-shadow: 0 8px 28px rgba(31, 35, 41, .08); }
  h1 { font-size: 19px; margin: 0 0 10px; text-align: center; }
  p { font-size: 14px; color: #646a73; margin: 0 0 18px; line-height: 1.7; text-align: center; }
  fieldset { border: 0; margin: 0 0 16px; padding: 0; }
  legend, label.title { display: block; font-size: 14px; font-weight: 600; margin-bottom: 8px; }
  .choices { display: flex; flex-wrap: wrap; gap: 8px; }
  .choices label { display: flex; align-items: center; gap: 4px; padding: 6px 10px; border: 1px solid #dee0e3;
    border-radius: 8px; font-size: 14px; }
  textarea, input[type=text] { width: 100%; font: inherit; font-size: 15px; padding: 10px; border: 1px solid #dee0e3;
    border-radius: 8px; margin-bottom: 16px; }
  textarea { min-height: 120px; resize: vertical; }
  button { display: block; width: 100%; height: 46px; border: 0; border-radius: 10px; background: #3370ff; color: #fff;
    font-size: 16px; cursor: pointer; }
  .error { color: #d83931; text-align: center; }
`;

function page(title: string, body: string): string {
  return serverPage(title, STYLE, body);
}

/** What every file of a taken-down page answers: nothing of the user's. */
export const NOTICE_PAGE = page(ModerationMessages.noticeTitle, `<h1>${escapeHtml(ModerationMessages.noticeTitle)}</h1>\n<p>如有疑问，请联系页面的发布者。</p>`);

export const REPORT_PATH = '/report';

/** What a refused try had typed, shown again with its refusal. */
export interface ReportFormValues {
  category?: string;
  text?: string;
  contact?: string;
}

/** The 举报 form for the published page `slug`, with the refusal of a previous try above it and what it had typed. */
export function reportFormPage(slug: string, error = '', typed: ReportFormValues = {}): string {
  const chosen = (REPORT_CATEGORIES as readonly string[]).includes(typed.category ?? '') ? typed.category : REPORT_CATEGORIES[0];
  const choices = REPORT_CATEGORIES.map(
    (category) => `<label><input type="radio" name="category" value="${category}"${category === chosen ? ' checked' : ''}> ${escapeHtml(ReportCategoryLabels[category])}</label>`,
  ).join('\n');
  return page(
    '举报页面',
    `<h1>举报页面</h1>
<p>看到违法或不良内容？告诉我们，核实后会处理。无需登录。</p>${error ? `\n<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api/report">
<input type="hidden" name="site" value="${escapeHtml(slug)}">
<fieldset><legend>举报原因</legend><div class="choices">
${choices}
</div></fieldset>
<label class="title" for="text">说明</label>
<textarea id="text" name="text" maxlength="${ModerationLimits.reportTextMaxLength}" required placeholder="请描述页面中的问题">${escapeHtml(typed.text ?? '')}</textarea>
<label class="title" for="contact">联系方式（选填）</label>
<input type="text" id="contact" name="contact" maxlength="${ModerationLimits.reportContactMaxLength}" placeholder="手机号或邮箱，方便我们联系你" value="${escapeHtml(typed.contact ?? '')}">
<button type="submit">提交举报</button>
</form>`,
  );
}

/** The answer to a report sent from the form, or the reason it was refused. */
export function reportResultPage(message: string): string {
  return page('举报页面', `<h1>${escapeHtml(message)}</h1>`);
}
