import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteConfig } from '../../../contract/common';

/**
 * The public site settings shown in headers and footers (spec section 3). Persisted, so a visit
 * shows the cached copy at once; the start-up refresh replaces it only when the server's differs.
 * No status field: nothing waits for it, and a failed refresh keeps the cached copy silently.
 */
export interface SiteConfigState {
  config: SiteConfig | null;
}

const initialState: SiteConfigState = { config: null };

export const emptySiteConfig: SiteConfig = {
  logoUrl: '',
  copyright: '',
  qq1: '',
  qq1_link: '',
  qq1_url: '',
  qq3: '',
  qq3_link: '',
  qq4: '',
  qq4_link: '',
  ad1_url: '',
  ad1_link: '',
  ad2_url: '',
  ad2_link: '',
};

const siteConfigKeys = Object.keys(emptySiteConfig) as (keyof SiteConfig)[];

/** Keeps the known fields only, each a string: the server's answer is data, not a promise of shape. */
export function normalizeSiteConfig(data: unknown): SiteConfig {
  const source = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const config = { ...emptySiteConfig };
  for (const key of siteConfigKeys) {
    const value = source[key];
    config[key] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  return config;
}

export function sameSiteConfig(a: SiteConfig | null, b: SiteConfig | null): boolean {
  if (a === null || b === null) return a === b;
  return siteConfigKeys.every((key) => a[key] === b[key]);
}

export const siteConfigSlice = createSlice({
  name: 'siteConfig',
  initialState,
  reducers: {
    refreshSucceeded(state, action: PayloadAction<SiteConfig>) {
      state.config = action.payload;
    },
  },
  selectors: {
    /** Never null: the empty config until one was ever loaded, so components need no checks. */
    selectSiteConfig: (state) => state.config ?? emptySiteConfig,
    selectCachedSiteConfig: (state) => state.config,
  },
});

export const { refreshSucceeded } = siteConfigSlice.actions;
export const { selectSiteConfig, selectCachedSiteConfig } = siteConfigSlice.selectors;
