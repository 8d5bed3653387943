import type { ConfigGroup } from '../../../../src/contract/miniSite';
import { createSiteRequestOf, formValuesOf, sampleFieldsOf, sitePreviewSrc, uploadProblem } from '../../../../src/client/features/miniSite/siteRules';
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

describe('the user\'s own game in the form', () => {
  const gameGroups: ConfigGroup[] = [
    {
      name: '基础信息',
      children: [
        { key: 'game_name', name: '游戏名称', type: 'text', value: '剑影江湖', len: 20 },
        { key: 'intro', name: '游戏简介', type: 'textarea', value: '《剑影江湖》是一款武侠游戏。' },
        { key: 'isbn', name: '出版物号', type: 'text', value: '', optional: true, placeholder: '如：ISBN 978-7-XXXX-XXXX-X' },
      ],
    },
    { name: '游戏截图', children: [{ key: 'gallery1', name: '截图1', type: 'image', value: '/static/defaults/t1-gallery-1.webp' }] },
  ];

  it('renames the template\'s sample game in every sample text, and starts from the game the user named before', () => {
    expect(formValuesOf(gameGroups, { game_name: '星辰战纪' }).intro).toBe('《星辰战纪》是一款武侠游戏。');
    const fromIdentity = formValuesOf(gameGroups, {}, { game_name: '星辰战纪', isbn: 'ISBN 978-7-498-12345-6' });
    expect(fromIdentity).toMatchObject({ game_name: '星辰战纪', intro: '《星辰战纪》是一款武侠游戏。', isbn: 'ISBN 978-7-498-12345-6' });
    // What the user typed into this form wins over what they typed before.
    expect(formValuesOf(gameGroups, { game_name: '山海' }, { game_name: '星辰战纪' }).game_name).toBe('山海');
    expect(formValuesOf(gameGroups, { intro: '我写的简介' }, { game_name: '星辰战纪' }).intro).toBe('我写的简介');
  });

  it('lists the fields that still hold a sample, renamed or not, and never an empty optional one', () => {
    const named = formValuesOf(gameGroups, { game_name: '星辰战纪' });
    expect(sampleFieldsOf(gameGroups, named)).toEqual([
      { key: 'intro', name: '游戏简介', group: '基础信息' },
      { key: 'gallery1', name: '截图1', group: '游戏截图' },
    ]);
    expect(sampleFieldsOf(gameGroups, formValuesOf(gameGroups, {})).map((field) => field.key)).toEqual(['game_name', 'intro', 'gallery1']);
    const own = formValuesOf(gameGroups, { game_name: '星辰战纪', intro: '星海冒险。', gallery1: '/generated/uploads/a.png' });
    expect(sampleFieldsOf(gameGroups, own)).toEqual([]);
  });

  it('leaves out what any game\'s site keeps: a news tag, the health advice', () => {
    const kept: ConfigGroup[] = [
      {
        name: '新闻资讯',
        children: [
          { key: 'news1_tag', name: '新闻1 标签', type: 'text', value: '公告', generic: true },
          { key: 'news1_title', name: '新闻1 标题', type: 'text', value: '剑影江湖公测' },
        ],
      },
      { name: '版号与备案', children: [{ key: 'health_advice', name: '健康游戏忠告', type: 'textarea', value: '抵制不良游戏，拒绝盗版游戏。', generic: true }] },
    ];
    expect(sampleFieldsOf(kept, formValuesOf(kept, {})).map((field) => field.name)).toEqual(['新闻1 标题']);
  });
});
