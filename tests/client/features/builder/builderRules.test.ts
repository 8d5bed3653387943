import { builderSampleFields, parseSampleKey, sampleKeyOf } from '../../../../src/client/features/builder/builderRules';
import { site } from './builderHarness';

describe('the builder\'s sample fields (listed before 生成并下载)', () => {
  it('lists every text and picture still as its template made it, tab by tab, with the logo\'s text under BANNER', () => {
    expect(builderSampleFields(site())).toEqual([
      { key: 'main:siteName', name: '网站名称', group: '整站配置 · 整站' },
      { key: 'head:nav1', name: '导航一', group: '导航栏 · 导航' },
      { key: 'banner:prompt', name: '画面描述', group: 'BANNER · 首屏' },
      { key: 'logo:logotext', name: 'LOGO文字', group: 'BANNER · LOGO' },
      { key: 'content:intro', name: '游戏简介', group: '内容区 · 内容' },
      { key: 'content:cover', name: '封面图片', group: '内容区 · 内容' },
      { key: 'sidebar:qq', name: 'QQ群', group: '侧边栏 · 侧栏' },
      { key: 'footer:copyright', name: '版权信息', group: '页脚 · 页脚' },
    ]);
  });

  it('leaves out what the user changed or emptied', () => {
    const own = site({
      formData: {
        ...site().formData,
        main: { siteName: '星辰战纪' },
        head: { nav1: '' },
        banner: { prompt: '星海' },
        logo: { logotext: '星辰' },
        content: { intro: '星海冒险。', cover: '/generated/uploads/a.png' },
        sidebar: { qq: '7654321' },
        footer: { copyright: '© 星辰' },
      },
    });
    expect(builderSampleFields(own)).toEqual([]);
  });

  it('keeps the component type with the key, for the page to open its tab', () => {
    expect(parseSampleKey(sampleKeyOf('footer', 'link1_url'))).toEqual({ type: 'footer', key: 'link1_url' });
  });
});
