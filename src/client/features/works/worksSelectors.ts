import type { RootState } from '../../app/rootReducer';
import { selectDownloadStatus } from '../download/downloadSlice';
import { selectWorkDownloadKey, selectWorksStatus } from './worksSlice';

export const selectWorksLoading = (state: RootState): boolean => selectWorksStatus(state) === 'loading';

/** Whether the zip of the work keyed `key` is being made: its 下载 spins. */
export const selectWorkDownloading = (state: RootState, key: string): boolean =>
  selectWorkDownloadKey(state) === key && selectDownloadStatus(state) === 'loading';
