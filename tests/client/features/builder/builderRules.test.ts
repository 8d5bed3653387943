import type { ConfigGroup } from '../../../../src/contract/miniSite';
import { builderSampleFields, parseSampleKey, sampleKeyOf } from '../../../../src/client/features/builder/builderRules';
import { site } from './builderHarness';

describe('the builder\'s sample fields (listed before 生成并下载)', () => {
  it('lists every text and picture still as its template made it, tab by tab, with the logo\'s text under BANNER', () => {
    expect(builderSampleFields(site())).toEqual([
      { key: 'main:siteName', name: '网站名称', group: '整站配置 · 整站' },
      { key: 'head:nav1', name: '导航一', group: '导航栏 · 导航' },
      // The 画面描述 shows the one written from the user's game, not the sample scene (bannerPrompt.test.ts).
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

  it('lists a template\'s picture whichever template it came from, as the mini site does, and never what every game keeps', () => {
    const content: ConfigGroup[] = [
      {
        name: '游戏截图',
        children: [1, 2, 3, 4].map((n) => ({ key: `gallery${n}`, name: `截图${n}`, type: 'image' as const, value: `/builder-assets/defaults/space-shot-${n}.webp` })),
      },
      { name: '新闻资讯', children: [{ key: 'news1_tag', name: '新闻1 标签', type: 'text', value: '公告', generic: true }] },
    ];
    const banner: ConfigGroup[] = [{ name: '首屏文字', children: [{ key: 'button_text', name: '按钮文字', type: 'text', value: '立即下载', generic: true }] }];
    const footer: ConfigGroup[] = [{ name: '版号与备案', children: [{ key: 'health_advice', name: '健康游戏忠告', type: 'textarea', value: '抵制不良游戏。', generic: true }] }];
    const base = site();
    const switched = site({
      configData: { ...base.configData, content, banner, footer, logo: [], main: [], head: [], sidebar: [] },
      formData: {
        ...base.formData,
        // Three shots still the palace art of the template before a switch, one uploaded.
        content: { gallery1: '/builder-assets/defaults/palace-shot-1.webp', gallery2: '/builder-assets/defaults/palace-shot-2.webp', gallery3: '/builder-assets/defaults/palace-shot-3.webp', gallery4: '/generated/uploads/mine.png', news1_tag: '公告' },
        banner: { button_text: '立即下载' },
        footer: { health_advice: '抵制不良游戏。' },
      },
    });
    expect(builderSampleFields(switched)).toEqual([1, 2, 3].map((n) => ({ key: `content:gallery${n}`, name: `截图${n}`, group: '内容区 · 游戏截图' })));
  });

  it('keeps the component type with the key, for the page to open its tab', () => {
    expect(parseSampleKey(sampleKeyOf('footer', 'link1_url'))).toEqual({ type: 'footer', key: 'link1_url' });
  });
});
