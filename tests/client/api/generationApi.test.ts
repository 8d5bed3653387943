import type { InternalAxiosRequestConfig } from 'axios';
import { createZipUrlByFile } from '../../../src/client/api/generationApi';
import { http } from '../../../src/client/api/http';
import { Limits } from '../../../src/contract/limits';

describe('generationApi', () => {
  it('gives a results zip longer than a plain request: the server may wait for the brand kit or the phone cut first', async () => {
    let sent: InternalAxiosRequestConfig | null = null;
    const before = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      sent = config;
      return { data: { code: 200, msg: '', data: { zipUrl: '/zips/x/LOGO.zip' } }, status: 200, statusText: 'OK', headers: {}, config };
    };
    try {
      await createZipUrlByFile({ fileName: 'LOGO', fileList: ['/generated/0123456789abcdef0123456789abcdef/logo.png'] });
    } finally {
      http.defaults.adapter = before;
    }
    expect(sent).toMatchObject({ url: '/index/common/createZipUrlByFile', timeout: Limits.zipRequestTimeoutMs });
    expect(Limits.zipRequestTimeoutMs).toBeGreaterThan(15_000);
  });
});
