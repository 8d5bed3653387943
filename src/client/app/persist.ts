import { createMigrate, createTransform, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/lib/stateReconciler/autoMergeLevel2';
import storage from 'redux-persist/lib/storage';
import sessionStorage from 'redux-persist/lib/storage/session';
import type { UserInfo } from '../../contract/auth';
import type { SiteConfig } from '../../contract/common';
import type { AuthState } from '../features/auth/authSlice';
import type { BuilderState } from '../features/builder/builder.types';
import { initialSelectionsState } from '../features/selections/selectionsSlice';
import type { SelectionsState } from '../features/selections/selections.types';
import type { SiteConfigState } from '../features/siteConfig/siteConfigSlice';
import type { RootState } from './rootReducer';

/** The localStorage key (redux-persist stores under `persist:wpg`). */
export const PERSIST_KEY = 'wpg';
export const PERSIST_VERSION = 3;

/** What of the auth slice reaches localStorage: the token only when "remember me" was on. */
export interface PersistedAuth {
  remember: boolean;
  savedUsername: string;
  token?: string | null;
  userInfo?: UserInfo | null;
}

export const authTransform = createTransform<AuthState, PersistedAuth, RootState, RootState>(
  (auth) => ({
    remember: auth.remember,
    savedUsername: auth.savedUsername,
    ...(auth.remember ? { token: auth.token, userInfo: auth.userInfo } : {}),
  }),
  // Merged over the initial auth state (autoMergeLevel2), so the absent fields keep their defaults.
  (persisted) => persisted as AuthState,
  { whitelist: ['auth'] },
);

/** Version 0: a flat login record and the bare site config, before the slices had their shape. */
export interface PersistedStateV0 {
  auth?: { token?: string | null; userInfo?: UserInfo | null; username?: string };
  siteConfig?: SiteConfig | null;
  _persist: { version: number; rehydrated: boolean };
}

export interface PersistedStateV1 {
  auth?: PersistedAuth;
  siteConfig?: SiteConfigState;
  _persist: { version: number; rehydrated: boolean };
}

/** Version 2 adds the chosen templates and each flow's form (spec section 3, "Local persistence"). */
export interface PersistedStateV2 extends PersistedStateV1 {
  selections?: Omit<SelectionsState, 'siteTemplate' | 'siteTemplateConfig' | 'miniSiteBanner' | 'identity'>;
}

/** Version 3 adds the mini site's choices: its site template, that template's form and its banner style. */
export interface PersistedStateV3 extends PersistedStateV1 {
  selections?: SelectionsState;
}

/** One entry per version; each turns the previous version's stored shape into its own. */
export const migrations = {
  1: (state: PersistedState): PersistedState => {
    if (!state) return state;
    const v0 = state as PersistedStateV0;
    const token = v0.auth?.token ?? null;
    const v1: PersistedStateV1 = {
      _persist: v0._persist,
      // A version-0 token was only ever stored by a remembered login.
      auth: { remember: token !== null, savedUsername: v0.auth?.username ?? '', token, userInfo: v0.auth?.userInfo ?? null },
      siteConfig: { config: v0.siteConfig ?? null },
    };
    return v1;
  },
  2: (state: PersistedState): PersistedState => {
    if (!state) return state;
    const v1 = state as PersistedStateV1;
    // Nothing was chosen before version 2: every flow starts with no template and the sample texts.
    const { logoTemplates, bannerTemplate, configs } = initialSelectionsState;
    const v2: PersistedStateV2 = { ...v1, selections: { logoTemplates, bannerTemplate, configs } };
    return v2;
  },
  3: (state: PersistedState): PersistedState => {
    if (!state) return state;
    const v2 = state as PersistedStateV2;
    // No site template was chosen before version 3; the logo and banner flows keep what they had.
    const v3: PersistedStateV3 = {
      ...v2,
      selections: { ...initialSelectionsState, ...v2.selections, siteTemplate: null, siteTemplateConfig: {}, miniSiteBanner: null },
    };
    return v3;
  },
} satisfies MigrationManifest;

export const persistConfig: PersistConfig<RootState> = {
  key: PERSIST_KEY,
  version: PERSIST_VERSION,
  storage,
  // Only what spec section 3 keeps in localStorage; the builder's open site is kept per tab (below).
  whitelist: ['auth', 'siteConfig', 'selections'],
  transforms: [authTransform],
  // Level 2 merges each stored slice over its initial state, so a partial slice (auth without a token) is fine.
  stateReconciler: autoMergeLevel2,
  migrate: createMigrate(migrations, { debug: false }),
};

/** The builder's sessionStorage key (`persist:wpg-builder`): one tab's open site. */
export const BUILDER_PERSIST_KEY = 'wpg-builder';
export const BUILDER_PERSIST_VERSION = 1;

/**
 * Spec section 3: the builder's site id and preview url are kept in session storage, so that a
 * reload of /createWeb opens the same site, and another tab starts its own.
 */
export const builderPersistConfig: PersistConfig<BuilderState> = {
  key: BUILDER_PERSIST_KEY,
  version: BUILDER_PERSIST_VERSION,
  storage: sessionStorage,
  whitelist: ['siteId', 'previewUrl'],
};
