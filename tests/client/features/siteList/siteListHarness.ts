import { SiteStatus, type SiteRecord } from '../../../../src/contract/builder';

/** A site record as getSiteList answers it. */
export function siteRecord(id: number, overrides: Partial<SiteRecord> = {}): SiteRecord {
  return {
    id,
    web_name: `网站${id}`,
    status: SiteStatus.editing,
    create_time: '2025-03-01 10:00:00',
    update_time: '2025-03-02 11:30:00',
    published_url: '',
    ...overrides,
  };
}

export const editingSite = siteRecord(7, { web_name: '仙侠官网', status: SiteStatus.editing });
export const completedSite = siteRecord(8, { web_name: '武侠官网', status: SiteStatus.completed });
export const unknownSite = siteRecord(9, { web_name: '旧网站', status: 0 });
