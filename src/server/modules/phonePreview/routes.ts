import type { FastifyInstance, FastifyReply } from 'fastify';
import { BuilderMessages, PHONE_PREVIEW_PATH } from '../../../contract/builder';
import { sendStored } from '../../http/storedFiles';
import { staysInside } from '../../http/staticFiles';
import type { DataFiles } from '../../storage/dataFiles';
import { StorageKeyError, checkKey } from '../../storage/types';
import { userPageHeaders } from '../siteFiles/contentPolicy';
import { sitesDir } from '../siteFiles/paths';
import { sendPreviewPage } from '../siteFiles/previewPage';
import type { PhonePreviewLinks } from './links';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a phone gets for a link that no longer works: a sentence, not an error code. */
function expiredPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>预览链接已过期</title></head><body style="font-family:system-ui,sans-serif;padding:32px 20px;color:#333;line-height:1.6"><h1 style="font-size:20px">预览链接已过期</h1><p>${escapeHtml(BuilderMessages.phonePreviewExpired)}</p></body></html>`;
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply.code(410).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").type('text/html; charset=utf-8').send(expiredPage());
}

/**
 * 手机预览: /m/<token>/ shows the site folder the token names, and its files under the same
 * prefix, while the token is good; every answer checks it again, so the page and every file of it
 * stop the moment the link expires (410, a page that says so). /m/<token> leads to /m/<token>/,
 * where the page's relative addresses resolve. The page is the one /sites/<folder>/ shows (with the
 * 预约 block in preview mode when the site's campaign is on). Sent `no-store` (nothing outlives the link in a
 * cache) and, as every answer, `no-referrer` (the link does not leak on through the page's links).
 */
export function registerPhonePreviewRoutes(app: FastifyInstance, links: PhonePreviewLinks, files: DataFiles, previewPage: (dir: string) => Promise<string | null>): void {
  const sitesRoot = sitesDir(files.dataDir);
  const noStore = async (_request: unknown, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  };

  app.get<{ Params: { token: string } }>(`${PHONE_PREVIEW_PATH}:token`, { config: { access: 'public' }, onRequest: noStore }, async (request, reply) => {
    const { token } = request.params;
    if (!links.folderOf(token)) return refuse(reply);
    return reply.redirect(`${PHONE_PREVIEW_PATH}${token}/`, 302);
  });

  app.get<{ Params: { token: string; '*': string } }>(`${PHONE_PREVIEW_PATH}:token/*`, { config: { access: 'public' }, onRequest: noStore }, async (request, reply) => {
    const dir = links.folderOf(request.params.token);
    if (!dir) return refuse(reply);
    let rest = request.params['*'];
    if (rest === '' || rest.endsWith('/')) rest += 'index.html';
    let key: string;
    try {
      key = checkKey(`sites/${dir}/${rest}`);
    } catch (error) {
      if (error instanceof StorageKeyError) return reply.callNotFound();
      throw error;
    }
    // As the static routes: nothing reached through a link out of the sites' folder.
    if (!files.shared && !staysInside(sitesRoot, key.slice('sites/'.length))) return reply.callNotFound();
    userPageHeaders(reply, rest);
    // The page as the folder's preview shows it (siteFiles/previewPage.ts): with the 预约 block when the site's campaign is on.
    const page = rest === 'index.html' ? await previewPage(dir) : null;
    if (page) return sendPreviewPage(request, reply, page);
    if (!(await sendStored(request, reply, files.store, key, { cacheControl: 'no-store', preCompressed: true }))) return reply.callNotFound();
    return reply;
  });
}
