import type { InternalAxiosRequestConfig } from 'axios';
import { createSite } from '../../../src/client/api/miniSiteApi';
import { http } from '../../../src/client/api/http';
import type { CreateSiteRequest } from '../../../src/contract/miniSite';
import { Limits } from '../../../src/contract/limits';

describe('miniSiteApi', () => {
  it("waits for a site's creation as long as the server may take: up to 15 s for the banner's phone cut, then up to 60 s of rendering", async () => {
    let sent: InternalAxiosRequestConfig | null = null;
    const before = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      sent = config;
      return { data: { code: 200, msg: '', data: { previewUrl: '/sites/x/index.html', webSiteDir: 'x' } }, status: 200, statusText: 'OK', headers: {}, config };
    };
    try {
      await createSite({} as CreateSiteRequest);
    } finally {
      http.defaults.adapter = before;
    }
    expect(sent).toMatchObject({ url: '/index/minisite/createSite', timeout: Limits.createSiteTimeoutMs });
    expect(Limits.createSiteTimeoutMs).toBeGreaterThan(15_000 + 60_000);
  });
});
