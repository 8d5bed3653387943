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
import type { SiteTemplate } from '../../../contract/miniSite';
import { fieldEdited } from '../builder/builderSlice';
import { generationSucceeded } from '../generation/generationSlice';
import { defaultBannerFound, uploadSucceeded } from '../miniSite/miniSiteSlice';
import { BUILDER_NAME_KEY, gameLinesOf, isIdentityKey, logoTextOfName, type GameIdentity } from './gameIdentity';
import { configSlotOf, keyArtSlotOf, keyArtSourceOf, type ConfigSlot, type FlowConfig, type KeyArtSource, type LogoFlow, type SelectionsState } from './selections.types';
import { artPromptOf } from '../../../contract/artPrompt';

/**
 * The chosen templates and each flow's form (spec section 3, "Local persistence"), kept in
 * localStorage so that a visitor can leave and come back, and so that a later flow (the mini
 * site) reuses the same choices and form handling under its own keys.
 */
export const initialSelectionsState: SelectionsState = {
  logoTemplates: {},
  bannerTemplate: null,
  configs: {},
  siteTemplate: null,
  siteTemplateConfig: {},
  miniSiteBanner: null,
  identity: {},
};

/** A new form: the sample texts and no results. One object, so that selectors return a stable value. */
export const DEFAULT_FLOW_CONFIG: FlowConfig = Object.freeze({
  ...DEFAULT_LOGO_TEXTS,
  ...DEFAULT_BANNER_TEXTS,
  logoUrl: '',
  bannerUrl: '',
  module: null,
});

export type TextChanges = Partial<LogoTexts & BannerTexts>;

/** New forms' texts keyed by the game's name and slogan, so that a selector answers the same object each time. */
const flowDefaultsByGame = new Map<string, FlowConfig>();

/**
 * A new form: the game's own name as the logo's name (when it fits) and its slogan shaped into the
 * logo's and banner's lines (gameLinesOf); the samples only while the user has named no game.
 */
export function flowDefaultsOf(identity: GameIdentity): FlowConfig {
  const logotext = logoTextOfName(identity.game_name);
  const lines = gameLinesOf(identity);
  if (!logotext && !lines) return DEFAULT_FLOW_CONFIG;
  const key = JSON.stringify([logotext, lines]);
  let defaults = flowDefaultsByGame.get(key);
  if (!defaults) {
    defaults = Object.freeze({ ...DEFAULT_FLOW_CONFIG, ...(logotext ? { logotext } : {}), ...lines });
    flowDefaultsByGame.set(key, defaults);
  }
  return defaults;
}

/**
 * After the game's identity changed: every form's texts the user did not type (still what the old
 * identity or the samples gave) follow the new one. What the user typed is never replaced.
 */
function followIdentity(state: SelectionsState, before: FlowConfig): void {
  const after = flowDefaultsOf(state.identity);
  if (after === before) return;
  for (const config of Object.values(state.configs)) {
    if (!config) continue;
    for (const key of textKeys) {
      if (config[key] === before[key] || config[key] === DEFAULT_FLOW_CONFIG[key]) config[key] = after[key];
    }
  }
}

/** Keeps what the user typed into an identity field (the game's name, licence numbers, links). */
function rememberIdentity(state: SelectionsState, changes: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (isIdentityKey(key) && typeof value === 'string') state.identity[key] = value;
  }
}

/** The banner style the mini site uses: the one chosen for it, else its template's own. */
function miniSiteBannerIdOf(state: Pick<SelectionsState, 'miniSiteBanner' | 'siteTemplate'>): number | null {
  return state.miniSiteBanner?.id ?? state.siteTemplate?.banner_id ?? null;
}

/** A banner made with another style is not this site's banner: it has to be generated again. */
function dropMiniSiteBannerIfChanged(state: SelectionsState, before: number | null): void {
  const config = state.configs.miniSite;
  if (config && before !== miniSiteBannerIdOf(state)) config.bannerUrl = '';
}

/**
 * AI生成主视觉's first description: the game's own name, slogan and banner lines (never the
 * samples, another game's words) and the form's banner style, by the contract's prompt writer.
 */
function keyArtPromptDraft(state: SelectionsState, slot: ConfigSlot, config: FlowConfig): string {
  const own = (value: string, sample: string): string => (value.trim() && value !== sample ? value : '');
  const style = slot === 'miniSite' ? miniSiteBannerIdOf(state) : state.bannerTemplate?.template.id;
  return artPromptOf({
    gameName: state.identity.game_name?.trim() || own(config.logotext, DEFAULT_LOGO_TEXTS.logotext),
    slogan: own(config.bottomtext, DEFAULT_LOGO_TEXTS.bottomtext),
    texts: [own(config.bannertextup, DEFAULT_BANNER_TEXTS.bannertextup), own(config.bannertextdown, DEFAULT_BANNER_TEXTS.bannertextdown)],
    ...(style ? { style } : {}),
  });
}

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
    /**
     * A site template was chosen. A different one voids what was typed into the old one's form
     * (spec section 4), and the banner goes back to the new template's own style.
     */
    siteTemplateChosen(state, action: PayloadAction<{ template: SiteTemplate }>) {
      const { template } = action.payload;
      if (state.siteTemplate?.id !== template.id) {
        const before = miniSiteBannerIdOf(state);
        state.siteTemplateConfig = {};
        state.miniSiteBanner = null;
        state.siteTemplate = template;
        dropMiniSiteBannerIfChanged(state, before);
        return;
      }
      state.siteTemplate = template;
    },
    /** A banner style was chosen on the mini site's config page; a different one voids the generated banner. */
    miniSiteBannerChosen(state, action: PayloadAction<{ template: BannerTemplate }>) {
      const before = miniSiteBannerIdOf(state);
      state.miniSiteBanner = action.payload.template;
      dropMiniSiteBannerIfChanged(state, before);
    },
    /** The user typed in the site template's form: kept as typed (spec section 4). */
    siteTemplateConfigEdited(state, action: PayloadAction<{ changes: Record<string, unknown> }>) {
      for (const [key, value] of Object.entries(action.payload.changes)) {
        if (typeof value === 'string') state.siteTemplateConfig[key] = value;
      }
      const before = flowDefaultsOf(state.identity);
      rememberIdentity(state, action.payload.changes);
      followIdentity(state, before);
    },
    /** The user typed in a form: kept as typed (spec section 4, "Form edits are persisted locally"). */
    configEdited(state, action: PayloadAction<{ slot: ConfigSlot; changes: TextChanges }>) {
      const { slot, changes } = action.payload;
      const config = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)) };
      for (const key of textKeys) {
        const value = changes[key];
        if (typeof value === 'string') config[key] = value;
      }
      state.configs[slot] = config;
    },
    /** The banner form's picture is chosen: AI生成主视觉 starts its description from the game's texts. */
    keyArtSourceChosen(state, action: PayloadAction<{ slot: ConfigSlot; source: KeyArtSource }>) {
      const { slot, source } = action.payload;
      const config = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)), keyArtSource: source };
      if (source === 'ai' && config.keyArtPrompt === undefined) config.keyArtPrompt = keyArtPromptDraft(state, slot, config);
      state.configs[slot] = config;
    },
    /** 按游戏文字重写描述: AI生成主视觉's description drafted again from the game's texts and style. */
    keyArtPromptRedrafted(state, action: PayloadAction<{ slot: ConfigSlot }>) {
      const { slot } = action.payload;
      const config = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)) };
      config.keyArtPrompt = keyArtPromptDraft(state, slot, config);
      state.configs[slot] = config;
    },
    /** The user typed AI生成主视觉's description (or had it drafted again from the game's texts). */
    keyArtPromptEdited(state, action: PayloadAction<{ slot: ConfigSlot; prompt: string }>) {
      const { slot, prompt } = action.payload;
      state.configs[slot] = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)), keyArtPrompt: prompt };
    },
    /** 移除 of a banner form's key art: the style's own scene again. */
    keyArtRemoved(state, action: PayloadAction<{ slot: ConfigSlot }>) {
      const config = state.configs[action.payload.slot];
      if (config) config.keyArt = '';
    },
    /** 重置参数: the sample texts again (the logo keeps the game's name), and the results are gone. */
    configReset(state, action: PayloadAction<{ slot: ConfigSlot }>) {
      state.configs[action.payload.slot] = { ...flowDefaultsOf(state.identity) };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(generationSucceeded, (state, action) => {
      const { slot, kind, logoUrl, bannerUrl, module, texts } = action.payload;
      const config = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)), logoUrl, module };
      // The texts each result shows, which the form may no longer hold: the check before 生成网站 reads them.
      if (texts) config.madeFrom = { ...config.madeFrom, logo: logoTextsOf(texts), ...(kind === 'banner' ? { banner: { bannertextup: texts.bannertextup ?? '', bannertextdown: texts.bannertextdown ?? '' } } : {}) };
      if (kind === 'banner') {
        config.bannerUrl = bannerUrl;
        const { art, keyArtPrompt } = action.payload;
        if (art) config.bannerArt = art;
        // A key art just painted: kept with its description, which stays as it was painted.
        if (art?.artMaker === 'ai' && art.keyArtUrl && keyArtPrompt) {
          config.aiKeyArt = { url: art.keyArtUrl, prompt: keyArtPrompt, label: art.artMakerLabel };
          config.keyArtPrompt = keyArtPrompt;
        }
      }
      state.configs[slot] = config;
      // A generated logo's name and slogan are the game's until the user names them in a site form:
      // as generated, not the first keystroke of them, and never the sample's.
      const before = flowDefaultsOf(state.identity);
      const name = config.logotext.trim();
      if (name && name !== DEFAULT_LOGO_TEXTS.logotext && !state.identity.game_name?.trim()) state.identity.game_name = name;
      const slogan = config.bottomtext.trim();
      if (slogan && slogan !== DEFAULT_LOGO_TEXTS.bottomtext && !state.identity.slogan?.trim()) state.identity.slogan = slogan;
      followIdentity(state, before);
    });
    // The builder's 网站名称 is the game's name too, and its licence rows and links (the same keys) are the game's.
    builder.addCase(fieldEdited, (state, action) => {
      const { type, key, value } = action.payload;
      const before = flowDefaultsOf(state.identity);
      if (type === 'main' && key === BUILDER_NAME_KEY) state.identity.game_name = value;
      else if (isIdentityKey(key)) state.identity[key] = value;
      else return;
      followIdentity(state, before);
    });
    builder.addCase(uploadSucceeded, (state, action) => {
      const { key, url } = action.payload;
      const slot = keyArtSlotOf(key);
      if (slot) state.configs[slot] = { ...(state.configs[slot] ?? flowDefaultsOf(state.identity)), keyArt: url, keyArtSource: 'upload' };
      else state.siteTemplateConfig[key] = url;
    });
    // The template's own banner style, found for a template that still has it (not chosen over since).
    builder.addCase(defaultBannerFound, (state, action) => {
      const { template } = action.payload;
      if (!state.miniSiteBanner && state.siteTemplate?.banner_id === template.id) state.miniSiteBanner = template;
    });
  },
  selectors: {
    selectLogoTemplate: (state, flow: LogoFlow): LogoTemplate | null => state.logoTemplates[flow] ?? null,
    selectBannerSelection: (state) => state.bannerTemplate,
    selectFlowConfig: (state, slot: ConfigSlot): FlowConfig => state.configs[slot] ?? flowDefaultsOf(state.identity),
    /** What a new form (or 重置参数) starts from. */
    selectFlowDefaults: (state): FlowConfig => flowDefaultsOf(state.identity),
    selectGameIdentity: (state) => state.identity,
    selectSiteTemplate: (state) => state.siteTemplate,
    selectSiteTemplateConfig: (state) => state.siteTemplateConfig,
    selectMiniSiteBanner: (state) => state.miniSiteBanner,
    /** The banner style the mini site is generated with, or null when there is none yet. */
    selectMiniSiteBannerId: (state): number | null => miniSiteBannerIdOf(state),
  },
});

export const {
  logoTemplateChosen,
  bannerTemplateChosen,
  siteTemplateChosen,
  miniSiteBannerChosen,
  siteTemplateConfigEdited,
  configEdited,
  configReset,
  keyArtRemoved,
  keyArtSourceChosen,
  keyArtPromptEdited,
  keyArtPromptRedrafted,
} = selectionsSlice.actions;
export const {
  selectLogoTemplate,
  selectBannerSelection,
  selectFlowConfig,
  selectSiteTemplate,
  selectSiteTemplateConfig,
  selectMiniSiteBanner,
  selectMiniSiteBannerId,
  selectFlowDefaults,
  selectGameIdentity,
} = selectionsSlice.selectors;

/** The logo part of a form, as the create call takes it. */
export function logoTextsOf(config: LogoTexts): LogoTexts {
  return { logotext: config.logotext, rightsealtext: config.rightsealtext, bottomsealtext: config.bottomsealtext, bottomtext: config.bottomtext };
}

/** The banner part of a form. */
export function bannerTextsOf(config: BannerTexts): BannerTexts {
  return { bannertextup: config.bannertextup, bannertextdown: config.bannertextdown };
}

/**
 * The banner part of a form as the create call takes it: the texts, and the picture chosen: an
 * upload, or AI生成主视觉 (its description, or the picture it painted for this very description,
 * which is then used as an upload: a render again paints nothing).
 */
export function bannerInputsOf(config: FlowConfig): BannerTexts & { keyArt?: string; keyArtPrompt?: string } {
  const texts = bannerTextsOf(config);
  switch (keyArtSourceOf(config)) {
    case 'scene':
      return texts;
    case 'upload':
      return config.keyArt ? { ...texts, keyArt: config.keyArt } : texts;
    case 'ai': {
      // Always drafted when AI was chosen; none at all is said to be missing, never painted as a scene.
      const prompt = (config.keyArtPrompt ?? '').trim();
      const painted = config.aiKeyArt;
      return painted && painted.prompt.trim() === prompt ? { ...texts, keyArt: painted.url } : { ...texts, keyArtPrompt: prompt };
    }
  }
}
