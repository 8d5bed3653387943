/**
 * The logins the JS bench opens the back office and the console with: an account made in the
 * bench's own database, its token signed with the bench server's secret, and the SPA's stored login
 * (`persist:wpg`, in the shape redux-persist writes it), so a page opens logged in as after a
 * remembered login.
 */
import type { FastifyInstance } from 'fastify';
import type { BuilderSite } from '../../src/contract/builder';
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

/** A builder site of the login's account, made the way 立即搭建 makes one (the default templates). */
export async function benchSite(app: FastifyInstance, login: BenchLogin): Promise<BuilderSite> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/createWeb/getWebUrl',
    headers: { authorization: `Bearer ${login.token}` },
    payload: { type: 'main', id: 0, selectedComponents: {} },
  });
  const body = answer.json<{ code: number; msg: string; data: BuilderSite }>();
  if (body.code !== 200) throw new Error(`the bench site was not made: ${body.msg}`);
  return body.data;
}
