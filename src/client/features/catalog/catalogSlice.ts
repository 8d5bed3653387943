import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BannerTemplate, LogoTemplate } from '../../../contract/generation';
import type { RequestStatus } from '../auth/auth.types';

/** One paginated style list (spec screens 12 and 15). */
export interface CatalogPage<T> {
  status: RequestStatus;
  /** 1-based, as the API counts. */
  page: number;
  total: number;
  items: T[];
}

export interface CatalogState {
  logo: CatalogPage<LogoTemplate>;
  banner: CatalogPage<BannerTemplate>;
}

export type CatalogName = keyof CatalogState;

export type CatalogPageLoaded =
  | { catalog: 'logo'; page: number; total: number; items: LogoTemplate[] }
  | { catalog: 'banner'; page: number; total: number; items: BannerTemplate[] };

const emptyPage = { status: 'idle', page: 1, total: 0, items: [] } as const;

const initialState: CatalogState = { logo: { ...emptyPage, items: [] }, banner: { ...emptyPage, items: [] } };

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    pageRequested(state, action: PayloadAction<{ catalog: CatalogName; page: number }>) {
      const list = state[action.payload.catalog];
      list.status = 'loading';
      list.page = action.payload.page;
    },
    pageLoaded(state, action: PayloadAction<CatalogPageLoaded>) {
      const loaded = action.payload;
      if (loaded.catalog === 'logo') state.logo = { status: 'succeeded', page: loaded.page, total: loaded.total, items: loaded.items };
      else state.banner = { status: 'succeeded', page: loaded.page, total: loaded.total, items: loaded.items };
    },
    /** Spec section 7: a list that fails to load is empty, and nothing is said. */
    pageFailed(state, action: PayloadAction<{ catalog: CatalogName }>) {
      const list = state[action.payload.catalog];
      list.status = 'failed';
      list.total = 0;
      list.items = [];
    },
    /** A style's preview image or video did not load (the saga tells the user; the dialog says so too). */
    previewFailed(_state, _action: PayloadAction<{ media: 'image' | 'video' }>) {},
  },
  selectors: {
    selectLogoCatalog: (state) => state.logo,
    selectBannerCatalog: (state) => state.banner,
  },
});

export const { pageRequested: catalogPageRequested, pageLoaded: catalogPageLoaded, pageFailed: catalogPageFailed, previewFailed: templatePreviewFailed } =
  catalogSlice.actions;
export const { selectLogoCatalog, selectBannerCatalog } = catalogSlice.selectors;
