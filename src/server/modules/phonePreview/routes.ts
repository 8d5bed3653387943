import type { FastifyInstance } from 'fastify';
import { BuilderMessages, PHONE_PREVIEW_PATH } from '../../../contract/builder';
import { sitePreviewUrl } from '../siteFiles/paths';
import type { PhonePreviewLinks } from './links';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a phone gets for a link that no longer works: a sentence, not an error code. */
function expiredPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>预览链接已失效</title></head><body style="font-family:system-ui,sans-serif;padding:32px 20px;color:#333;line-height:1.6"><h1 style="font-size:20px">预览链接已失效</h1><p>${escapeHtml(BuilderMessages.phonePreviewExpired)}</p></body></html>`;
}

/** GET /m/<token>: a valid link opens the preview; any other is answered 410 with a page that says so. */
export function registerPhonePreviewRoute(app: FastifyInstance, links: PhonePreviewLinks): void {
  app.get<{ Params: { token: string } }>(`${PHONE_PREVIEW_PATH}:token`, { config: { access: 'public' } }, async (request, reply) => {
    const dir = links.folderOf(request.params.token.slice(0, 200));
    // The link must not stay in a cache or leak on in a Referer.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!dir) return reply.code(410).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").type('text/html; charset=utf-8').send(expiredPage());
    return reply.redirect(sitePreviewUrl(dir), 302);
  });
}
