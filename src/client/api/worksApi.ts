import type { WorkListAnswer, WorkListRequest } from '../../contract/works';
import { call } from './http';

/** GET /api/works/getWorkList?type&page&page_size: one page of the user's mini sites, logos and banners. */
export function getWorkList(query: WorkListRequest): Promise<WorkListAnswer> {
  // Every type is no filter: left out, so the address stays the plain page query.
  const params: WorkListRequest = query.type ? query : { page: query.page, page_size: query.page_size };
  return call<WorkListAnswer>({ method: 'GET', url: '/api/works/getWorkList', params });
}
