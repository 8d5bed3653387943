import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { CompressedAssets, contentTypeOf, preferredEncoding } from './compressedAssets';
import { escapeHtml } from './html';
import { staysInside } from './staticFiles';

export interface SpaOptions {
  clientDir: string;
  productionHost: string;
  reduxDevtools: boolean;
  /** Whether the QR provider offers 微信一键登录 in WeChat's own browser (wechat-mp). */
  wechatWebLogin?: boolean;
}

/** webpack's content hashes: such a file never changes, so browsers may keep it for a year. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

function metaTags(options: SpaOptions): string {
  return (
    `<meta name="production-host" content="${escapeHtml(options.productionHost)}">` +
    `<meta name="redux-devtools" content="${options.reduxDevtools ? '1' : '0'}">` +
    // Only when on: the default page stays as it was.
    (options.wechatWebLogin ? '<meta name="wechat-web-login" content="1">' : '')
  );
}

/** index.html with the run-time settings injected; re-read when a new build replaces the file. */
class IndexPage {
  private cached: { mtimeMs: number; html: string } | null = null;

  constructor(
    private readonly file: string,
    private readonly tags: string,
  ) {}

  html(): string {
    const { mtimeMs } = fs.statSync(this.file);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const source = fs.readFileSync(this.file, 'utf8');
      const html = /<\/head>/i.test(source) ? source.replace(/<\/head>/i, `${this.tags}</head>`) : `${this.tags}${source}`;
      this.cached = { mtimeMs, html };
    }
    return this.cached.html;
  }
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>网页生成系统</title></head>
<body><h1>网页生成系统</h1>
<p>前端尚未构建。The SPA is not built: run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p>
</body></html>
`;

/** A file of the build, or null: never a path outside clientDir, never a directory. */
function builtFile(clientDir: string, relative: string): string | null {
  if (!relative || relative === 'index.html') return null;
  const full = path.resolve(clientDir, relative);
  if (!full.startsWith(clientDir + path.sep) || !staysInside(clientDir, relative)) return null;
  return fs.statSync(full, { throwIfNoEntry: false })?.isFile() ? relative : null;
}

/**
 * The SPA under /user/ (router basename): built files as they are, any other path gets index.html
 * so that the router can show it (history fallback). API routes under /user/ (GET /user/info) are
 * static routes and win over this wildcard.
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  app.get('/', { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/user/', 302));
  app.get('/user', { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/user/', 302));

  const clientDir = path.resolve(options.clientDir);
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No SPA build in ${clientDir}: /user/ shows a "not built" page. Run npm run build.`);
    app.get('/user/*', { config: { access: 'public' } }, async (_request, reply) => reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
    return;
  }

  await app.register(fastifyStatic, { root: clientDir, serve: false });
  const index = new IndexPage(indexFile, metaTags(options));
  const compressed = new CompressedAssets();

  app.get<{ Params: { '*': string } }>('/user/*', { config: { access: 'public' } }, async (request, reply) => {
    const relative = request.params['*'];
    const file = builtFile(clientDir, relative);
    if (file) {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const type = contentTypeOf(file);
      if (encoding && type && HASHED_NAME.test(file)) {
        return reply
          .header('content-type', type)
          .header('content-encoding', encoding)
          .header('vary', 'accept-encoding')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(compressed.get(path.join(clientDir, file), encoding));
      }
      return HASHED_NAME.test(file)
        ? reply.sendFile(file, { maxAge: '365d', immutable: true })
        : reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
    }
    // A missing script or image is a 404, not the page: the browser would choke on HTML as JS.
    if (path.extname(relative) && relative !== 'index.html') return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index.html());
  });
}
