import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectDownloadStatus, zipDownloadRequested } from './downloadSlice';

/**
 * A preview page's zip: downloaded automatically once per visit of the page (spec section 4; the
 * saga drops the repeats of StrictMode's double effects and of remounts), and on demand with the
 * returned `download`. With `autoWithoutWaiting`, the automatic one does not wait for extras still
 * being made (the page shows them when they come, and `download` then packs them).
 */
export function useZipDownload(fileName: string, files: readonly string[], options: { autoWithoutWaiting?: boolean } = {}): { download(): void; downloading: boolean } {
  const dispatch = useAppDispatch();
  const { key: visit } = useLocation();
  const downloading = useAppSelector(selectDownloadStatus) === 'loading';
  // Keyed by content: a new array with the same URLs is the same download.
  const filesKey = files.join('\n');
  const fileList = useMemo(() => (filesKey ? filesKey.split('\n') : []), [filesKey]);

  const { autoWithoutWaiting = false } = options;
  useEffect(() => {
    if (fileList.length > 0) dispatch(zipDownloadRequested({ fileName, fileList, visit, ...(autoWithoutWaiting ? { waitForExtras: false } : {}) }));
  }, [dispatch, fileName, fileList, visit, autoWithoutWaiting]);

  return {
    download: () => {
      if (fileList.length > 0) dispatch(zipDownloadRequested({ fileName, fileList }));
    },
    downloading,
  };
}

/** The mini-site preview's zip: the created site's folder, downloaded once per visit and on demand. */
export function useSiteZipDownload(webSiteDir: string | null): { download(): void; downloading: boolean } {
  const dispatch = useAppDispatch();
  const { key: visit } = useLocation();
  const downloading = useAppSelector(selectDownloadStatus) === 'loading';

  useEffect(() => {
    if (webSiteDir) dispatch(zipDownloadRequested({ webSiteDir, visit }));
  }, [dispatch, webSiteDir, visit]);

  return {
    download: () => {
      if (webSiteDir) dispatch(zipDownloadRequested({ webSiteDir }));
    },
    downloading,
  };
}
