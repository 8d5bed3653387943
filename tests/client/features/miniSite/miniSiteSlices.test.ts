import type { Action } from 'redux';
import { generationSucceeded } from '../../../../src/client/features/generation/generationSlice';
import { selectSiteDraft, selectSiteFormGroups, selectSiteFormValues } from '../../../../src/client/features/miniSite/miniSiteSelectors';
import {
  defaultBannerFound,
  initialMiniSiteState,
  miniSiteSlice,
  templateConfigRequested,
  templatesFailed,
  templatesLoaded,
  templatesRequested,
  uploadFailed,
  uploadProgressed,
  uploadStarted,
  uploadStopped,
  uploadSucceeded,
} from '../../../../src/client/features/miniSite/miniSiteSlice';
import {
  configEdited,
  DEFAULT_FLOW_CONFIG,
  initialSelectionsState,
  logoTemplateChosen,
  miniSiteBannerChosen,
  selectionsSlice,
  selectMiniSiteBannerId,
  siteTemplateChosen,
  siteTemplateConfigEdited,
} from '../../../../src/client/features/selections/selectionsSlice';
import type { SelectionsState } from '../../../../src/client/features/selections/selections.types';
import type { MiniSiteState } from '../../../../src/client/features/miniSite/miniSite.types';
import { stateWith } from '../../sagaHarness';
import { bannerTemplate, logoTemplate, otherLogoTemplate } from '../generation/generationHarness';
import { generated, groups, otherSite, readyState, site } from './miniSiteHarness';

const select = (actions: Action[], from: SelectionsState = initialSelectionsState) => actions.reduce(selectionsSlice.reducer, from);
const mini = (actions: Action[], from: MiniSiteState = initialMiniSiteState) => actions.reduce(miniSiteSlice.reducer, from);
const otherBanner = { ...bannerTemplate, id: 6, name: '烈日' };
const bannerDone = generationSucceeded({ kind: 'banner', slot: 'miniSite', module: 'fsa', ...generated });

describe('selections: the mini site', () => {
  it('keeps the chosen site template', () => {
    expect(select([siteTemplateChosen({ template: site })]).siteTemplate).toEqual(site);
  });

  it('a different site template clears what was typed into the old one’s form (spec section 4)', () => {
    const before = select([siteTemplateChosen({ template: site }), siteTemplateConfigEdited({ changes: { title: '官网' } })]);
    expect(before.siteTemplateConfig).toEqual({ title: '官网' });
    expect(select([siteTemplateChosen({ template: { ...site } })], before).siteTemplateConfig).toEqual({ title: '官网' });
    const after = select([siteTemplateChosen({ template: otherSite })], before);
    expect(after.siteTemplate).toEqual(otherSite);
    expect(after.siteTemplateConfig).toEqual({});
  });

  it('the banner style is the template’s own until one is chosen; a different template goes back to its own', () => {
    const chosen = select([siteTemplateChosen({ template: site })]);
    expect(selectMiniSiteBannerId(stateWith({ selections: chosen }))).toBe(site.banner_id);
    const picked = select([miniSiteBannerChosen({ template: otherBanner })], chosen);
    expect(selectMiniSiteBannerId(stateWith({ selections: picked }))).toBe(otherBanner.id);
    const switched = select([siteTemplateChosen({ template: { ...otherSite, banner_id: 9 } })], picked);
    expect(switched.miniSiteBanner).toBeNull();
    expect(selectMiniSiteBannerId(stateWith({ selections: switched }))).toBe(9);
  });

  it('a banner generated with another style must be generated again; the logo and the texts stay', () => {
    const generatedWithOwn = select([siteTemplateChosen({ template: site }), configEdited({ slot: 'miniSite', changes: { logotext: '小站' } }), bannerDone]);
    expect(generatedWithOwn.configs.miniSite).toMatchObject(generated);
    // The same style chosen explicitly: still this site's banner.
    const same = select([miniSiteBannerChosen({ template: bannerTemplate })], generatedWithOwn);
    expect(same.configs.miniSite?.bannerUrl).toBe(generated.bannerUrl);
    const other = select([miniSiteBannerChosen({ template: otherBanner })], same);
    expect(other.configs.miniSite).toMatchObject({ logotext: '小站', logoUrl: generated.logoUrl, bannerUrl: '' });
  });

  it('a different site template with another banner style drops the banner; one with the same keeps it', () => {
    const before = select([siteTemplateChosen({ template: site }), bannerDone]);
    expect(select([siteTemplateChosen({ template: { ...otherSite, banner_id: site.banner_id } })], before).configs.miniSite?.bannerUrl).toBe(generated.bannerUrl);
    expect(select([siteTemplateChosen({ template: otherSite })], before).configs.miniSite?.bannerUrl).toBe('');
  });

  it('a different logo template clears the mini site’s texts and results, and the banner flow’s form', () => {
    const before = select([
      logoTemplateChosen({ flow: 'miniSite', template: logoTemplate }),
      siteTemplateChosen({ template: site }),
      configEdited({ slot: 'miniSite', changes: { logotext: '小站' } }),
      bannerDone,
      configEdited({ slot: 'banner', changes: { logotext: '横幅' } }),
      configEdited({ slot: 'alone', changes: { logotext: '独行' } }),
      siteTemplateConfigEdited({ changes: { title: '官网' } }),
    ]);
    const after = select([logoTemplateChosen({ flow: 'miniSite', template: otherLogoTemplate })], before);
    expect(after.configs.miniSite).toBeUndefined();
    expect(after.configs.banner).toBeUndefined();
    expect(after.configs.alone?.logotext).toBe('独行');
    // The site's own form is the site template's, not the logo's.
    expect(after.siteTemplateConfig).toEqual({ title: '官网' });
  });

  it('keeps the form as typed, only strings, and an upload’s shortUrl as the field’s value', () => {
    const state = select([siteTemplateConfigEdited({ changes: { title: '官网', count: 3 } }), uploadSucceeded({ key: 'cover', url: '/uploads/a.png' })]);
    expect(state.siteTemplateConfig).toEqual({ title: '官网', cover: '/uploads/a.png' });
  });

  it('the template’s own banner, once found, is kept only while it is still the template’s and none was chosen', () => {
    const chosen = select([siteTemplateChosen({ template: site })]);
    expect(select([defaultBannerFound({ template: bannerTemplate })], chosen).miniSiteBanner).toEqual(bannerTemplate);
    expect(select([defaultBannerFound({ template: otherBanner })], chosen).miniSiteBanner).toBeNull();
    const picked = select([miniSiteBannerChosen({ template: otherBanner })], chosen);
    expect(select([defaultBannerFound({ template: bannerTemplate })], picked).miniSiteBanner).toEqual(otherBanner);
  });
});

describe('miniSite slice', () => {
  it('another category empties the grid at once; another page of the same keeps it until loaded', () => {
    const loaded = mini([templatesLoaded({ categoryId: 0, page: 1, total: 20, items: [site, otherSite] })]);
    expect(mini([templatesRequested({ categoryId: 0, page: 2 })], loaded).templates).toMatchObject({ status: 'loading', page: 2, items: [site, otherSite] });
    expect(mini([templatesRequested({ categoryId: 1, page: 1 })], loaded).templates).toMatchObject({ status: 'loading', categoryId: 1, page: 1, total: 0, items: [] });
    expect(mini([templatesFailed()], loaded).templates).toMatchObject({ status: 'failed', total: 0, items: [] });
  });

  it('another template’s form is dropped while the new one loads', () => {
    const loaded: MiniSiteState = { ...initialMiniSiteState, templateConfig: { status: 'succeeded', templateId: 1, groups } };
    expect(mini([templateConfigRequested({ templateId: 1 })], loaded).templateConfig).toEqual({ status: 'loading', templateId: 1, groups });
    expect(mini([templateConfigRequested({ templateId: 2 })], loaded).templateConfig).toEqual({ status: 'loading', templateId: 2, groups: [] });
  });

  it('follows an upload from start to end', () => {
    const started = mini([uploadStarted({ key: 'cover', fileName: 'a.png' }), uploadProgressed({ key: 'cover', percent: 60 })]);
    expect(started.uploads.cover).toEqual({ status: 'loading', percent: 60, fileName: 'a.png' });
    const succeeded = mini([uploadSucceeded({ key: 'cover', url: '/uploads/a.png' })], started);
    expect(succeeded.uploads.cover).toEqual({ status: 'succeeded', percent: 100, fileName: 'a.png' });
    const failed = mini([uploadFailed({ key: 'cover' }), uploadProgressed({ key: 'cover', percent: 80 })], started);
    expect(failed.uploads.cover).toEqual({ status: 'failed', percent: 0, fileName: 'a.png' });
    // An upload aborted on its way is forgotten; one that has ended stays as it ended.
    expect(mini([uploadStopped({ key: 'cover' })], started).uploads.cover).toBeUndefined();
    expect(mini([uploadStopped({ key: 'cover' })], succeeded).uploads.cover).toEqual({ status: 'succeeded', percent: 100, fileName: 'a.png' });
  });
});

describe('miniSite selectors', () => {
  it('the form’s groups only for the chosen template, once loaded', () => {
    expect(selectSiteFormGroups(readyState())).toBe(groups);
    expect(selectSiteFormGroups(readyState({ selections: { siteTemplate: otherSite } }))).toBeNull();
    expect(selectSiteFormGroups(readyState({ miniSite: { templateConfig: { status: 'loading', templateId: site.id, groups } } }))).toBeNull();
  });

  it('the form’s values: what was typed over the template’s defaults, the same object while nothing changes', () => {
    const state = readyState({ selections: { siteTemplateConfig: { title: '我的官网', stale: 'x' } } });
    expect(selectSiteFormValues(state)).toEqual({
      title: '我的官网',
      intro: '一款国风仙侠手游。',
      cover: '/generated/catalog/site/1/bg.jpg',
      music: '',
      hero: '',
      logo: '',
      trailer: '',
    });
    expect(selectSiteFormValues(state)).toBe(selectSiteFormValues(state));
  });

  it('the draft holds both templates, the results and the form', () => {
    expect(selectSiteDraft(readyState())).toEqual({
      templateId: site.id,
      logoId: logoTemplate.id,
      bannerId: site.banner_id,
      ...generated,
      groups,
      values: {},
      identity: {},
    });
    expect(selectSiteDraft(stateWith())).toMatchObject({ templateId: null, logoId: null, bannerId: null, logoUrl: DEFAULT_FLOW_CONFIG.logoUrl, groups: null });
  });
});
