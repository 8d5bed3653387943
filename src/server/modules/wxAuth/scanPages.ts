import type { FastifyReply } from 'fastify';
import { Messages } from '../../../contract/messages';
import { escapeHtml, serverPage } from '../../http/html';

/**
 * The pages the local QR provider shows on the phone, standing in for the messaging app. They are
 * self-contained: inline CSS only (style-src allows it) and no script at all (script-src forbids it).
 */
const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f4f8; color: #1f2329; }
  main { width: min(92vw, 380px); background: #fff; border-radius: 16px; padding: 32px 24px;
    box-shadow: 0 8px 28px rgba(31, 35, 41, .08); text-align: center; }
  .mark { width: 64px; height: 64px; margin: 0 auto 16px; border-radius: 16px;
    background: linear-gradient(135deg, #3a7bfd, #7a4dff); color: #fff; font-size: 30px;
    line-height: 64px; font-weight: 700; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { font-size: 14px; color: #646a73; margin: 0 0 28px; line-height: 1.6; }
  button { display: block; width: 100%; height: 46px; border-radius: 10px; font-size: 16px;
    border: 0; cursor: pointer; }
  .confirm { background: #07c160; color: #fff; margin-bottom: 12px; }
  .cancel { background: #f2f3f5; color: #1f2329; }
  .done { font-size: 40px; margin-bottom: 12px; }
  a.back { display: block; margin-top: 24px; line-height: 46px; border-radius: 10px; background: #07c160;
    color: #fff; text-decoration: none; font-size: 16px; }
`;

function page(title: string, body: string): string {
  return serverPage(title, STYLE, body);
}

export function confirmPage(ticket: string): string {
  return page(
    Messages.qrScanTitle,
    `<div class="mark">网</div>
<h1>${escapeHtml(Messages.qrScanTitle)}</h1>
<p>${escapeHtml(Messages.qrScanHint)}</p>
<form method="post" action="/api/wxAuth/scan/confirm">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<button class="confirm" type="submit" name="action" value="confirm">${escapeHtml(Messages.qrScanConfirm)}</button>
<button class="cancel" type="submit" name="action" value="cancel">${escapeHtml(Messages.qrScanCancel)}</button>
</form>`,
  );
}

/**
 * The page after confirm, cancel, or for a code that can no longer be used; `back` links to where
 * the user can go on (the login page, after a failed WeChat web login).
 */
export function resultPage(message: string, icon: '✓' | '×' | '!', back?: { href: string; label: string }): string {
  const link = back ? `\n<a class="back" href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>` : '';
  return page(Messages.siteTitle, `<div class="done">${icon}</div>\n<h1>${escapeHtml(message)}</h1>${link}`);
}

export function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
