import type { Action } from 'redux';
import { generationSucceeded } from '../../../../src/client/features/generation/generationSlice';
import {
  bannerTemplateChosen,
  configEdited,
  configReset,
  DEFAULT_FLOW_CONFIG,
  initialSelectionsState,
  logoTemplateChosen,
  selectFlowConfig,
  selectionsSlice,
  siteTemplateChosen,
  siteTemplateConfigEdited,
} from '../../../../src/client/features/selections/selectionsSlice';
import { configSlotOf, logoFlowOf, pathAfterLogoChoice, type SelectionsState } from '../../../../src/client/features/selections/selections.types';
import { bannerFormProblem, DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { gameLinesOf } from '../../../../src/client/features/selections/gameIdentity';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { fieldEdited } from '../../../../src/client/features/builder/builderSlice';
import { stateWith } from '../../sagaHarness';
import { bannerTemplate, logoTemplate, otherLogoTemplate } from '../generation/generationHarness';
import { site as siteTemplate } from '../miniSite/miniSiteHarness';

const reduce = (actions: Action[], from: SelectionsState = initialSelectionsState) => actions.reduce(selectionsSlice.reducer, from);
const edited = (slot: 'alone' | 'banner' | 'miniSite', logotext: string) => configEdited({ slot, changes: { logotext } });
const otherBanner = { ...bannerTemplate, id: 6, name: '烈日' };

describe('selections: flow keys', () => {
  it.each([
    ['tl', 'alone', '/logo/config?module=tl'],
    ['al', 'alone', '/logo/config?module=al'],
    ['fsa', 'fsa', '/banner/config?module=fsa'],
    [null, 'miniSite', '/miniSite/config'],
    ['xyz', 'miniSite', '/miniSite/config'],
  ])('module %p keeps its choice under %s and goes on to %s', (module, flow, path) => {
    expect(logoFlowOf(module)).toBe(flow);
    expect(pathAfterLogoChoice(module)).toBe(path);
  });

  it('the banner flow keeps its form as the banner config', () => {
    expect(configSlotOf('alone')).toBe('alone');
    expect(configSlotOf('fsa')).toBe('banner');
    expect(configSlotOf('miniSite')).toBe('miniSite');
  });
});

describe('selections: choosing templates', () => {
  it('keeps one logo choice per flow', () => {
    const state = reduce([logoTemplateChosen({ flow: 'alone', template: logoTemplate }), logoTemplateChosen({ flow: 'fsa', template: otherLogoTemplate })]);
    expect(state.logoTemplates).toEqual({ alone: logoTemplate, fsa: otherLogoTemplate });
  });

  it('a different logo clears that flow’s form and the banner form, and no other', () => {
    const before = reduce([
      logoTemplateChosen({ flow: 'alone', template: logoTemplate }),
      edited('alone', '独行'),
      edited('banner', '横幅'),
      edited('miniSite', '小站'),
    ]);
    const after = reduce([logoTemplateChosen({ flow: 'alone', template: otherLogoTemplate })], before);
    expect(after.logoTemplates.alone).toEqual(otherLogoTemplate);
    expect(after.configs.alone).toBeUndefined();
    expect(after.configs.banner).toBeUndefined();
    expect(after.configs.miniSite?.logotext).toBe('小站');
  });

  it('choosing the same logo again keeps the forms', () => {
    const before = reduce([logoTemplateChosen({ flow: 'fsa', template: logoTemplate }), edited('banner', '横幅')]);
    const after = reduce([logoTemplateChosen({ flow: 'fsa', template: { ...logoTemplate } })], before);
    expect(after.configs.banner?.logotext).toBe('横幅');
  });

  it('a different logo in the banner flow clears the banner form', () => {
    const before = reduce([logoTemplateChosen({ flow: 'fsa', template: logoTemplate }), edited('banner', '横幅'), edited('alone', '独行')]);
    const after = reduce([logoTemplateChosen({ flow: 'fsa', template: otherLogoTemplate })], before);
    expect(after.configs.banner).toBeUndefined();
    expect(after.configs.alone?.logotext).toBe('独行');
  });

  it('keeps the banner choice with its module; a different banner clears the banner form only', () => {
    const before = reduce([bannerTemplateChosen({ template: bannerTemplate, module: 'fsa' }), edited('banner', '横幅'), edited('alone', '独行')]);
    expect(before.bannerTemplate).toEqual({ template: bannerTemplate, module: 'fsa' });
    expect(reduce([bannerTemplateChosen({ template: bannerTemplate, module: 'fsa' })], before).configs.banner?.logotext).toBe('横幅');
    const after = reduce([bannerTemplateChosen({ template: otherBanner, module: 'fsa' })], before);
    expect(after.bannerTemplate?.template).toEqual(otherBanner);
    expect(after.configs.banner).toBeUndefined();
    expect(after.configs.alone?.logotext).toBe('独行');
  });
});

describe('selections: the forms', () => {
  it('a flow without a form reads the sample texts, always the same object', () => {
    const state = stateWith();
    expect(selectFlowConfig(state, 'alone')).toBe(DEFAULT_FLOW_CONFIG);
    expect(selectFlowConfig(state, 'alone')).toEqual({ ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logoUrl: '', bannerUrl: '', module: null });
  });

  it('keeps edits as typed, field by field, over the sample texts', () => {
    const state = reduce([configEdited({ slot: 'banner', changes: { logotext: '星', bannertextup: '上' } }), configEdited({ slot: 'banner', changes: { bottomtext: '' } })]);
    expect(state.configs.banner).toEqual({ ...DEFAULT_FLOW_CONFIG, logotext: '星', bannertextup: '上', bottomtext: '' });
  });

  it('stores the results of a generation in its form', () => {
    const logo = reduce([generationSucceeded({ kind: 'logo', slot: 'alone', module: 'al', logoUrl: '/generated/l.webp', bannerUrl: 'ignored' })]);
    expect(logo.configs.alone).toMatchObject({ logoUrl: '/generated/l.webp', bannerUrl: '', module: 'al' });
    const banner = reduce([edited('banner', '横幅'), generationSucceeded({ kind: 'banner', slot: 'banner', module: 'fsa', logoUrl: '/l.png', bannerUrl: '/b.mp4' })]);
    expect(banner.configs.banner).toMatchObject({ logotext: '横幅', logoUrl: '/l.png', bannerUrl: '/b.mp4', module: 'fsa' });
  });

  it('重置参数 brings back the form a new one starts from (the game\'s name, no other game\'s lines) and drops the results', () => {
    const state = reduce([
      configEdited({ slot: 'banner', changes: { logotext: '横幅', bottomtext: '改过的' } }),
      generationSucceeded({ kind: 'banner', slot: 'banner', module: 'fsa', logoUrl: '/l.png', bannerUrl: '/b.mp4' }),
      configReset({ slot: 'banner' }),
    ]);
    // The logo named the game 横幅 and its slogan 改过的: no other game's line is left (the banner lines
    // cannot be made 15 characters long from them, and are optional).
    expect(state.configs.banner).toEqual({ ...DEFAULT_FLOW_CONFIG, logotext: '横幅', bottomtext: '改过的', bannertextup: '', bannertextdown: '' });
    expect(reduce([configReset({ slot: 'alone' })]).configs.alone).toEqual(DEFAULT_FLOW_CONFIG);
  });
});

describe('selections: the game\'s identity, typed once and carried to every form', () => {
  it('starts every new logo form from the game\'s name typed in the site form or the builder', () => {
    const fromSite = reduce([siteTemplateConfigEdited({ changes: { game_name: '星辰战纪', news1_title: '不是身份' } })]);
    expect(fromSite.identity).toEqual({ game_name: '星辰战纪' });
    expect(selectFlowConfig({ selections: fromSite } as RootState, 'alone').logotext).toBe('星辰战纪');
    expect(selectFlowConfig({ selections: fromSite } as RootState, 'banner')).toBe(selectFlowConfig({ selections: fromSite } as RootState, 'banner'));
    const fromBuilder = reduce([fieldEdited({ type: 'main', key: 'web_name', value: '山海奇缘' })]);
    expect(fromBuilder.identity.game_name).toBe('山海奇缘');
    // The builder's licence rows and links are the identity's keys: typed there, they start the next form too.
    const rows = reduce([fieldEdited({ type: 'footer', key: 'icp', value: '京ICP备1号' }), fieldEdited({ type: 'sidebar', key: 'ios_url', value: 'https://apps.example.com/x' }), fieldEdited({ type: 'banner', key: 'title', value: '不是身份' })]);
    expect(rows.identity).toEqual({ icp: '京ICP备1号', ios_url: 'https://apps.example.com/x' });
    // A name too long for a logo leaves the logo's sample name for the user to shorten.
    const long = reduce([siteTemplateConfigEdited({ changes: { game_name: '星辰战纪之无尽之海' } })]);
    expect(selectFlowConfig({ selections: long } as RootState, 'alone').logotext).toBe(DEFAULT_FLOW_CONFIG.logotext);
  });

  it('takes a generated logo\'s name as the game\'s name only while no game name is known', () => {
    const succeeded = generationSucceeded({ kind: 'logo', slot: 'alone', module: 'tl', logoUrl: '/generated/l.png', bannerUrl: '' });
    // Typed a key at a time: the name is the one generated, not the first keystroke.
    const typing = ['S', 'St', 'Star'].map((logotext) => configEdited({ slot: 'alone', changes: { logotext } }));
    expect(reduce(typing).identity.game_name).toBeUndefined();
    expect(reduce([...typing, succeeded]).identity.game_name).toBe('Star');
    const named = reduce([siteTemplateConfigEdited({ changes: { game_name: '星辰战纪' } }), configEdited({ slot: 'alone', changes: { logotext: '星辰' } }), succeeded]);
    expect(named.identity.game_name).toBe('星辰战纪');
  });

  it('keeps the licence numbers and links the user typed, and forgets none when another template is chosen', () => {
    const state = reduce([
      siteTemplateConfigEdited({ changes: { isbn: 'ISBN 978-7-498-12345-6', pc_url: 'https://xc.example.cn/pc' } }),
      siteTemplateChosen({ template: { ...siteTemplate, id: 99 } }),
    ]);
    expect(state.siteTemplateConfig).toEqual({});
    expect(state.identity).toEqual({ isbn: 'ISBN 978-7-498-12345-6', pc_url: 'https://xc.example.cn/pc' });
  });
});

describe('selections: the slogan typed once, in the logo\'s and banner\'s lines', () => {
  const game = { game_name: '星河战纪', slogan: '群星之下 王者归来' };
  const own = { bottomtext: '群星之下 王者归来', bannertextup: '《星河战纪》群星之下 王者归来', bannertextdown: '#星河战纪# #群星之下# #王者归来#' };

  it('shapes the name and slogan into every line within its limits, and never a sample game\'s', () => {
    expect(gameLinesOf(game)).toEqual(own);
    // A slogan that fits the upper line alone is the line; punctuation as typed stays.
    expect(gameLinesOf({ game_name: '星河战纪', slogan: '在群星之下，与你一同踏上王者归来之路' })?.bannertextup).toBe('在群星之下，与你一同踏上王者归来之路');
    // Past 40 characters, the slogan's first phrases that fit.
    const long = `${'一二三四五六七八九十'.repeat(3)} 第二句 ${'甲乙丙丁戊己庚辛壬癸'.repeat(2)}`;
    expect(gameLinesOf({ slogan: long })?.bottomtext).toBe(`${'一二三四五六七八九十'.repeat(3)} 第二句`);
    // Nothing of the game's own fits 15 characters: the line is empty, not another game's.
    expect(gameLinesOf({ game_name: '星河', slogan: '王者归来' })).toEqual({ bottomtext: '王者归来', bannertextup: '', bannertextdown: '' });
    expect(gameLinesOf({ game_name: '星河战纪' })).toEqual({ bottomtext: '', bannertextup: '', bannertextdown: '' });
    // No game named: the samples show what each field is for.
    expect(gameLinesOf({ isbn: 'ISBN 978-7' })).toBeNull();
    for (const lines of [gameLinesOf(game), gameLinesOf({ game_name: '星河战纪', slogan: long })]) {
      expect(bannerFormProblem({ logotext: '星河战纪', rightsealtext: '', bottomsealtext: '', ...lines, logobg: 1, banner: 1 })).toBeNull();
    }
  });

  it('starts the logo, banner and mini-site forms from the slogan typed as the site\'s 宣传语', () => {
    const state = reduce([siteTemplateConfigEdited({ changes: game })]);
    for (const slot of ['alone', 'banner', 'miniSite'] as const) expect(selectFlowConfig({ selections: state } as RootState, slot)).toMatchObject({ logotext: '星河战纪', ...own });
  });

  it('moves a form already started on to the slogan, except the texts the user typed', () => {
    const state = reduce([
      // Forms started before the game was named: one with a typed seal, one after a result.
      configEdited({ slot: 'miniSite', changes: { rightsealtext: '首发', bannertextdown: '#我写的标签# #不要改掉它#' } }),
      generationSucceeded({ kind: 'logo', slot: 'alone', module: 'tl', logoUrl: '/generated/l.png', bannerUrl: '', texts: DEFAULT_LOGO_TEXTS }),
      siteTemplateConfigEdited({ changes: { game_name: '星河战纪' } }),
      siteTemplateConfigEdited({ changes: { slogan: '群星之下 王者归来' } }),
    ]);
    expect(state.configs.miniSite).toMatchObject({ logotext: '星河战纪', rightsealtext: '首发', bottomtext: own.bottomtext, bannertextup: own.bannertextup, bannertextdown: '#我写的标签# #不要改掉它#' });
    expect(state.configs.alone).toMatchObject({ logotext: '星河战纪', bottomtext: own.bottomtext, logoUrl: '/generated/l.png' });
    // The slogan changed again: the lines it gave follow it.
    const again = reduce([siteTemplateConfigEdited({ changes: { slogan: '星海无垠 唯我独尊' } })], state);
    expect(again.configs.alone?.bottomtext).toBe('星海无垠 唯我独尊');
  });

  it('keeps the texts each result was made from, and never takes the sample\'s name for the game\'s', () => {
    const state = reduce([
      generationSucceeded({ kind: 'banner', slot: 'miniSite', module: 'fsa', logoUrl: '/l.png', bannerUrl: '/b.mp4', texts: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS } }),
    ]);
    expect(state.configs.miniSite?.madeFrom).toEqual({ logo: DEFAULT_LOGO_TEXTS, banner: DEFAULT_BANNER_TEXTS });
    expect(state.identity.game_name).toBeUndefined();
  });

  it('takes the slogan of a logo generated first as the game\'s, for the banner and the site\'s 宣传语', () => {
    const state = reduce([
      configEdited({ slot: 'alone', changes: { logotext: '星河战纪', bottomtext: '群星之下 王者归来' } }),
      generationSucceeded({ kind: 'logo', slot: 'alone', module: 'tl', logoUrl: '/l.png', bannerUrl: '' }),
    ]);
    expect(state.identity).toEqual({ game_name: '星河战纪', slogan: '群星之下 王者归来' });
    expect(selectFlowConfig({ selections: state } as RootState, 'banner')).toMatchObject({ logotext: '星河战纪', bottomtext: '群星之下 王者归来', bannertextdown: '#星河战纪# #群星之下# #王者归来#' });
  });
});
