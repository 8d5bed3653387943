import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import { selectFlowConfig, selectGameIdentity, selectLogoTemplate, selectMiniSiteBannerId, selectSiteTemplate, selectSiteTemplateConfig } from '../selections/selectionsSlice';
import { selectTemplateConfig } from './miniSiteSlice';
import { formValuesOf, sampleFieldsOf, type SiteDraft } from './siteRules';

/** The chosen template's form groups, or null while they are not loaded for it. */
export const selectSiteFormGroups = createSelector([selectSiteTemplate, selectTemplateConfig], (template, config) =>
  template && config.status === 'succeeded' && config.templateId === template.id ? config.groups : null,
);

/** Each field's value as the form shows it: what the user put in over the template's defaults. */
export const selectSiteFormValues = createSelector([selectSiteFormGroups, selectSiteTemplateConfig, selectGameIdentity], (groups, stored, identity) =>
  groups ? formValuesOf(groups, stored, identity) : {},
);

/** The fields that still hold the template's sample: listed before 生成网站. */
export const selectSiteSampleFields = createSelector([selectSiteFormGroups, selectSiteFormValues], (groups, values) => (groups ? sampleFieldsOf(groups, values) : []));

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
