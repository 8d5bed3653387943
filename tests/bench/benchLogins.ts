/**
 * The logins the JS bench opens the back office and the console with: an account made in the
 * bench's own database, its token signed with the bench server's secret, and the SPA's stored login
 * (`persist:wpg`, in the shape redux-persist writes it), so a page opens logged in as after a
 * remembered login.
 */
import type { FastifyInstance } from 'fastify';
import { publishedSlugOf } from '../../src/contract/analytics';
import type { BuilderSite, PublishAnswer } from '../../src/contract/builder';
import type { UserRole } from '../../src/server/db/schema';
import { toUserInfo } from '../../src/server/modules/auth/repository';
import { PERSIST_KEY, PERSIST_VERSION, type PersistedAuth } from '../../src/client/app/persist';

export interface BenchLogin {
  token: string;
  /** localStorage's `persist:<key>` entry: each slice JSON-encoded inside the JSON object. */
  storage: { key: string; value: string };
}

export async function benchLogin(app: FastifyInstance, mobile: string, role: UserRole): Promise<BenchLogin> {
  const id = await app.users.createWithPhone(mobile, mobile, '', null);
  if (role !== 'user') await app.users.setRole(id, role);
  const user = await app.users.byId(id);
  if (!user) throw new Error(`the bench account ${mobile} was not made`);
  const token = await app.tokens.sign({ userId: user.id, version: user.token_version });
  const auth: PersistedAuth = { remember: true, savedUsername: mobile, token, userInfo: toUserInfo(user) };
  const value = JSON.stringify({ auth: JSON.stringify(auth), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) });
  return { token, storage: { key: `persist:${PERSIST_KEY}`, value } };
}

async function post<T>(app: FastifyInstance, login: BenchLogin, url: string, payload: object): Promise<T> {
  const answer = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${login.token}` }, payload });
  const body = answer.json<{ code: number; msg: string; data: T }>();
  if (body.code !== 200) throw new Error(`${url} refused the bench: ${body.msg}`);
  return body.data;
}

/**
 * A published builder site of the login's account, made the way 立即搭建, 生成并下载 and 发布 make
 * one (the default templates): its 预约 and 数据 pages open with a site, as the studio sees them.
 */
export async function benchSite(app: FastifyInstance, login: BenchLogin): Promise<{ id: number; slug: string }> {
  const { id } = await post<BuilderSite>(app, login, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} });
  await post(app, login, '/api/CreateWeb/completeWeb', { id, formData: {} });
  const { url } = await post<PublishAnswer>(app, login, '/api/webSiteLog/publish', { id });
  return { id, slug: publishedSlugOf(url) };
}
