import { createSelector } from '@reduxjs/toolkit';
import { SiteStatus, siteStatusLabel, type SiteRecord } from '../../../contract/builder';
import type { RootState } from '../../app/rootReducer';
import { selectSiteListItems, selectSiteListStatus } from './siteListSlice';

/** A table row: the record, its status in words, and whether its zip can be downloaded. */
export interface SiteRow extends SiteRecord {
  statusLabel: string;
  /** Spec section 4: only a completed site has a zip. */
  downloadable: boolean;
}

export function isDownloadable(record: Pick<SiteRecord, 'status'>): boolean {
  return record.status === SiteStatus.completed;
}

export const selectSiteRows = createSelector([selectSiteListItems], (items): SiteRow[] =>
  items.map((record) => ({ ...record, statusLabel: siteStatusLabel(record.status), downloadable: isDownloadable(record) })),
);

export const selectSiteListLoading = (state: RootState): boolean => selectSiteListStatus(state) === 'loading';

/** The record of a site on the current page, if it is there. */
export const selectSiteRecord = (state: RootState, id: number): SiteRecord | undefined => selectSiteListItems(state).find((record) => record.id === id);
