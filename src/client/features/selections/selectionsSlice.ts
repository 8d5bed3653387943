import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_BANNER_TEXTS,
  DEFAULT_LOGO_TEXTS,
  type BannerTemplate,
  type BannerTexts,
  type GenerationModule,
  type LogoTemplate,
  type LogoTexts,
} from '../../../contract/generation';
import { generationSucceeded } from '../generation/generationSlice';
import { configSlotOf, type ConfigSlot, type FlowConfig, type LogoFlow, type SelectionsState } from './selections.types';

/**
 * The chosen templates and each flow's form (spec section 3, "Local persistence"), kept in
 * localStorage so that a visitor can leave and come back, and so that a later flow (the mini
 * site) reuses the same choices and form handling under its own keys.
 */
export const initialSelectionsState: SelectionsState = { logoTemplates: {}, bannerTemplate: null, configs: {} };

/** A new form: the sample texts and no results. One object, so that selectors return a stable value. */
export const DEFAULT_FLOW_CONFIG: FlowConfig = Object.freeze({
  ...DEFAULT_LOGO_TEXTS,
  ...DEFAULT_BANNER_TEXTS,
  logoUrl: '',
  bannerUrl: '',
  module: null,
});

export type TextChanges = Partial<LogoTexts & BannerTexts>;

const textKeys: readonly (keyof LogoTexts | keyof BannerTexts)[] = ['logotext', 'rightsealtext', 'bottomsealtext', 'bottomtext', 'bannertextup', 'bannertextdown'];

export const selectionsSlice = createSlice({
  name: 'selections',
  initialState: initialSelectionsState,
  reducers: {
    /** A logo style was chosen in a flow. A different one voids that flow's form and the banner form (spec section 4). */
    logoTemplateChosen(state, action: PayloadAction<{ flow: LogoFlow; template: LogoTemplate }>) {
      const { flow, template } = action.payload;
      if (state.logoTemplates[flow]?.id !== template.id) {
        delete state.configs[configSlotOf(flow)];
        delete state.configs.banner;
      }
      state.logoTemplates[flow] = template;
    },
    /** A banner style was chosen; a different one voids the banner form. */
    bannerTemplateChosen(state, action: PayloadAction<{ template: BannerTemplate; module: GenerationModule }>) {
      const { template, module } = action.payload;
      if (state.bannerTemplate?.template.id !== template.id) delete state.configs.banner;
      state.bannerTemplate = { template, module };
    },
    /** The user typed in a form: kept as typed (spec section 4, "Form edits are persisted locally"). */
    configEdited(state, action: PayloadAction<{ slot: ConfigSlot; changes: TextChanges }>) {
      const { slot, changes } = action.payload;
      const config = { ...(state.configs[slot] ?? DEFAULT_FLOW_CONFIG) };
      for (const key of textKeys) {
        const value = changes[key];
        if (typeof value === 'string') config[key] = value;
      }
      state.configs[slot] = config;
    },
    /** 重置参数: the sample texts again, and the results are gone. */
    configReset(state, action: PayloadAction<{ slot: ConfigSlot }>) {
      state.configs[action.payload.slot] = { ...DEFAULT_FLOW_CONFIG };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(generationSucceeded, (state, action) => {
      const { slot, kind, logoUrl, bannerUrl, module } = action.payload;
      const config = { ...(state.configs[slot] ?? DEFAULT_FLOW_CONFIG), logoUrl, module };
      if (kind === 'banner') config.bannerUrl = bannerUrl;
      state.configs[slot] = config;
    });
  },
  selectors: {
    selectLogoTemplate: (state, flow: LogoFlow): LogoTemplate | null => state.logoTemplates[flow] ?? null,
    selectBannerSelection: (state) => state.bannerTemplate,
    selectFlowConfig: (state, slot: ConfigSlot): FlowConfig => state.configs[slot] ?? DEFAULT_FLOW_CONFIG,
  },
});

export const { logoTemplateChosen, bannerTemplateChosen, configEdited, configReset } = selectionsSlice.actions;
export const { selectLogoTemplate, selectBannerSelection, selectFlowConfig } = selectionsSlice.selectors;

/** The logo part of a form, as the create call takes it. */
export function logoTextsOf(config: LogoTexts): LogoTexts {
  return { logotext: config.logotext, rightsealtext: config.rightsealtext, bottomsealtext: config.bottomsealtext, bottomtext: config.bottomtext };
}

/** The banner part of a form. */
export function bannerTextsOf(config: BannerTexts): BannerTexts {
  return { bannertextup: config.bannertextup, bannertextdown: config.bannertextdown };
}
