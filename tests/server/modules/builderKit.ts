/**
 * Builders for the builder tests: an app with a logged-in user or two, and calls that answer the
 * envelope with the HTTP status.
 */
import type { BuilderSite } from '../../../src/contract/builder';
import { post, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';

export interface Caller {
  userId: number;
  headers: Record<string, string>;
}

export const alice = (t: TestApp): Caller => quickLogin(t, '13800138001');
export const bob = (t: TestApp): Caller => quickLogin(t, '13800138002');

/** A new site from the default complete configuration; fails the test when refused. */
export async function newSite(t: TestApp, caller: Caller): Promise<BuilderSite> {
  const answer = await post<BuilderSite>(t, '/api/createWeb/getWebUrl', { type: 'main', id: 0, selectedComponents: {} }, caller.headers);
  if (answer.code !== 200) throw new Error(`getWebUrl failed: ${answer.msg}`);
  return answer.data;
}
