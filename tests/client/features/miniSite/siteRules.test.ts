import { createSiteRequestOf, formValuesOf, sitePreviewSrc, uploadProblem } from '../../../../src/client/features/miniSite/siteRules';
import { MiniSiteMessages } from '../../../../src/contract/miniSite';
import { generated, groups } from './miniSiteHarness';

const dir = '0123456789abcdef0123456789abcdef';
const origin = 'http://localhost';

describe('sitePreviewSrc: only our own site folders go into the frame', () => {
  it.each([
    [`/sites/${dir}/index.html`, `/sites/${dir}/index.html`],
    [`${origin}/sites/${dir}/index.html`, `/sites/${dir}/index.html`],
    [`/sites/${dir}/index.html?v=2`, `/sites/${dir}/index.html?v=2`],
  ])('%s is shown as %s', (previewUrl, src) => {
    expect(sitePreviewSrc(previewUrl, dir, origin)).toBe(src);
  });

  it.each([
    ['another origin', `https://evil.example/sites/${dir}/index.html`, dir],
    ['a protocol-relative URL', `//evil.example/sites/${dir}/index.html`, dir],
    ['a script URL', 'javascript:alert(1)', dir],
    ['another folder', `/sites/${'f'.repeat(32)}/index.html`, dir],
    ['a way out of the folder', `/sites/${dir}/../../user/backend`, dir],
    ['not under /sites/', '/user/backend', dir],
    ['a webSiteDir that is not ours', '/sites/../index.html', '../'],
    ['nothing', null, dir],
    ['no webSiteDir', `/sites/${dir}/index.html`, null],
  ])('%s is refused', (_name, previewUrl, webSiteDir) => {
    expect(sitePreviewSrc(previewUrl, webSiteDir, origin)).toBeNull();
  });
});

describe('uploadProblem: type and size before sending', () => {
  it.each([
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.bmp', 'image/bmp'],
    // No MIME type from the browser: the extension decides.
    ['a.webp', ''],
  ])('%s (%p) is fine', (name, type) => {
    expect(uploadProblem({ name, type, size: 1000 })).toBeNull();
  });

  it.each([
    ['a.svg', 'image/svg+xml'],
    ['a.txt', 'text/plain'],
    ['a.exe', ''],
    ['noextension', ''],
  ])('%s (%p) is not a picture we take', (name, type) => {
    expect(uploadProblem({ name, type, size: 1000 })).toBe(MiniSiteMessages.uploadTypeRefused);
  });

  it('takes 50 MB and no more', () => {
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 50 * 1024 * 1024 })).toBeNull();
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 50 * 1024 * 1024 + 1 })).toBe(MiniSiteMessages.uploadTooLarge);
  });
});

describe('the create request', () => {
  it('fills every field: typed values, defaults, and the generated results for banner and banner_logo', () => {
    const values = formValuesOf(groups, { title: '官网', hero: 'typed?' });
    expect(values.title).toBe('官网');
    expect(values.intro).toBe('一款国风仙侠手游。');
    const request = createSiteRequestOf({ templateId: 1, logoId: 3, bannerId: 5, ...generated, groups, values: { title: '官网', hero: 'typed?' } });
    expect(request).toEqual({
      templateId: 1,
      logoId: 3,
      bannerId: 5,
      ...generated,
      config: { title: '官网', intro: '一款国风仙侠手游。', cover: '/generated/catalog/site/1/bg.jpg', music: '', hero: generated.bannerUrl, logo: generated.logoUrl, trailer: '' },
    });
  });
});
