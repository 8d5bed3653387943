import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import { selectFlowConfig, selectGameIdentity, selectLogoTemplate, selectMiniSiteBannerId, selectSiteTemplate, selectSiteTemplateConfig } from '../selections/selectionsSlice';
import { selectTemplateConfig } from './miniSiteSlice';
import { resultSampleLinesOf } from '../selections/samples';
import { formValuesOf, sampleFieldsOf, type SiteDraft } from './siteRules';

/** The chosen template's form groups, or null while they are not loaded for it. */
export const selectSiteFormGroups = createSelector([selectSiteTemplate, selectTemplateConfig], (template, config) =>
  template && config.status === 'succeeded' && config.templateId === template.id ? config.groups : null,
);

/** Each field's value as the form shows it: what the user put in over the template's defaults. */
export const selectSiteFormValues = createSelector([selectSiteFormGroups, selectSiteTemplateConfig, selectGameIdentity], (groups, stored, identity) =>
  groups ? formValuesOf(groups, stored, identity) : {},
);

const selectMiniSiteFlowConfig = (state: RootState) => selectFlowConfig(state, 'miniSite');

/**
 * What still is another game's content, listed before 生成网站: the sample lines in the generated
 * logo and banner first (they go into the site too), then the site's fields still holding samples.
 */
export const selectSiteSampleFields = createSelector([selectMiniSiteFlowConfig, selectSiteFormGroups, selectSiteFormValues], (config, groups, values) => [
  ...resultSampleLinesOf(config),
  ...(groups ? sampleFieldsOf(groups, values) : []),
]);

/** Everything 生成网站 sends, as the store holds it now. */
export const selectSiteDraft = (state: RootState): SiteDraft => {
  const config = selectFlowConfig(state, 'miniSite');
  return {
    templateId: selectSiteTemplate(state)?.id ?? null,
    logoId: selectLogoTemplate(state, 'miniSite')?.id ?? null,
    bannerId: selectMiniSiteBannerId(state),
    logoUrl: config.logoUrl,
    bannerUrl: config.bannerUrl,
    groups: selectSiteFormGroups(state),
    values: selectSiteTemplateConfig(state),
    identity: selectGameIdentity(state),
  };
};
