import { DEFAULT_FLOW_CONFIG } from '../../../../src/client/features/selections/selectionsSlice';
import { flowTextKeyOf, foreignLinesOf, resultSampleLinesOf, templateSampleFields } from '../../../../src/client/features/selections/samples';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { isSamplePicture, type ConfigGroup } from '../../../../src/contract/miniSite';

const groups: ConfigGroup[] = [
  {
    name: '新闻资讯',
    children: [
      { key: 'news1_tag', name: '新闻1 标签', type: 'text', value: '公告', generic: true },
      { key: 'news1_title', name: '新闻1 标题', type: 'text', value: '《龙腾天下》公测定档' },
    ],
  },
  {
    name: '游戏截图',
    children: [
      { key: 'gallery1', name: '截图1', type: 'image', value: '/site-templates/defaults/t18-gallery-1.webp' },
      { key: 'gallery2', name: '截图2', type: 'image', value: '/site-templates/defaults/t18-gallery-2.webp' },
    ],
  },
  { name: '版号与备案', children: [{ key: 'health_advice', name: '健康游戏忠告', type: 'textarea', value: '抵制不良游戏，拒绝盗版游戏。', generic: true }] },
];

describe('the check before generating: one rule for the mini site and the builder', () => {
  it('lists another game\'s texts and any template\'s picture, and never what every game keeps', () => {
    const values = {
      news1_tag: '公告',
      news1_title: '《星河战纪》公测定档',
      // Carried over from another template by a switch: still not the user's picture.
      gallery1: '/builder-assets/defaults/palace-shot-1.webp',
      gallery2: '/uploads/abc.png',
      health_advice: '抵制不良游戏，拒绝盗版游戏。',
    };
    expect(templateSampleFields(groups, values, { nameKey: 'game_name', ownName: '星河战纪', sampleNames: ['龙腾天下'] })).toEqual([
      { key: 'news1_title', name: '新闻1 标题', group: '新闻资讯' },
      { key: 'gallery1', name: '截图1', group: '游戏截图' },
    ]);
  });

  it('knows the templates\' pictures by where they are served, whatever the origin', () => {
    expect(isSamplePicture('/site-templates/defaults/t1-gallery-1.webp')).toBe(true);
    expect(isSamplePicture('http://localhost:8080/builder-assets/defaults/banner-palace.webp')).toBe(true);
    expect(isSamplePicture('/uploads/a.png')).toBe(false);
    expect(isSamplePicture('/site-templates/t1-thumb.webp')).toBe(false);
  });
});

describe('before 生成LOGO / 生成整屏动画: another game\'s lines on the user\'s logo', () => {
  it('lists the sample lines under a logo named after the user\'s game, and nothing on a trial of the samples', () => {
    expect(foreignLinesOf({ ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS }, 'banner')).toEqual([]);
    const mixed = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: '星河战纪' };
    expect(foreignLinesOf(mixed, 'logo').map((field) => field.name)).toEqual(['底部标语']);
    expect(foreignLinesOf(mixed, 'banner').map((field) => field.name)).toEqual(['底部标语', '动画上方文字', '动画下方文字']);
    // The seals (官方, 正版) are any game's; the user's own lines pass.
    expect(foreignLinesOf({ ...mixed, bottomtext: '群星之下 王者归来', bannertextup: '', bannertextdown: '' }, 'banner')).toEqual([]);
    expect(flowTextKeyOf(foreignLinesOf(mixed, 'logo')[0].key)).toBe('bottomtext');
    expect(flowTextKeyOf('gallery1')).toBeNull();
  });

  it('lists the sample name itself once the game has a name the logo does not carry (too long for a logo)', () => {
    const samples = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS };
    expect(foreignLinesOf(samples, 'logo', '星河战纪之群星远征').map((field) => field.name)).toEqual(['LOGO名称', '底部标语']);
    expect(foreignLinesOf(samples, 'banner', '星河战纪之群星远征').map((field) => field.name)).toEqual(['LOGO名称', '底部标语', '动画上方文字', '动画下方文字']);
    // The sample game's own name is no game of the user's.
    expect(foreignLinesOf(samples, 'logo', DEFAULT_LOGO_TEXTS.logotext)).toEqual([]);
    expect(foreignLinesOf(samples, 'logo', ' ')).toEqual([]);
  });
});

describe('before 生成网站: the lines the generated logo and banner show', () => {
  it('lists the sample lines the results were made from, and says when the form has changed since', () => {
    const config = {
      ...DEFAULT_FLOW_CONFIG,
      logotext: '星河战纪',
      bottomtext: '群星之下 王者归来',
      logoUrl: '/l.png',
      bannerUrl: '/b.mp4',
      madeFrom: { logo: { ...DEFAULT_LOGO_TEXTS, logotext: '星河战纪' }, banner: { ...DEFAULT_BANNER_TEXTS, bannertextup: '' } },
    };
    expect(resultSampleLinesOf(config).map((field) => field.name)).toEqual(['底部标语（已修改，需重新生成）', '动画下方文字']);
    // Nothing generated yet: nothing of a result to list.
    expect(resultSampleLinesOf(DEFAULT_FLOW_CONFIG)).toEqual([]);
    // A form kept before the results remembered their texts: its own texts stand for them.
    expect(resultSampleLinesOf({ ...DEFAULT_FLOW_CONFIG, logoUrl: '/l.png' }).map((field) => field.name)).toEqual(['LOGO名称', '底部标语']);
  });
});
