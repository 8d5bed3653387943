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
} from '../../../../src/client/features/selections/selectionsSlice';
import { configSlotOf, logoFlowOf, pathAfterLogoChoice, type SelectionsState } from '../../../../src/client/features/selections/selections.types';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { stateWith } from '../auth/sagaHarness';
import { bannerTemplate, logoTemplate, otherLogoTemplate } from '../generation/generationHarness';

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

  it('重置参数 brings back the sample texts and drops the results', () => {
    const state = reduce([
      edited('banner', '横幅'),
      generationSucceeded({ kind: 'banner', slot: 'banner', module: 'fsa', logoUrl: '/l.png', bannerUrl: '/b.mp4' }),
      configReset({ slot: 'banner' }),
    ]);
    expect(state.configs.banner).toEqual(DEFAULT_FLOW_CONFIG);
  });
});
