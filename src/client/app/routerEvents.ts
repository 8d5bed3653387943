import type { DataRouter, RouterState } from 'react-router-dom';
import { BASENAME, stripBasename } from './basename';
import { locationChanged, type AppLocation } from './routerSlice';
import { documentTitle, titleOfMatches } from './title';

/** The app's view of a router location: without the /user basename. */
export function toAppLocation(location: { pathname: string; search: string }, basename: string = BASENAME): AppLocation {
  return { pathname: stripBasename(location.pathname, basename), search: location.search };
}

/**
 * Reports each finished navigation to the store (`router/locationChanged`, also once for the page
 * the app opened on) and sets the tab title from the deepest route's `handle.title`.
 */
export function connectRouterEvents(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  dispatch: (action: ReturnType<typeof locationChanged>) => unknown,
  { basename = BASENAME, doc = document }: { basename?: string; doc?: Document } = {},
): () => void {
  let lastKey: string | null = null;
  const report = (state: RouterState) => {
    // Only settled navigations: not the loading phase, not a revalidation of the same entry.
    if (!state.initialized || state.navigation.state !== 'idle' || state.location.key === lastKey) return;
    lastKey = state.location.key;
    doc.title = documentTitle(titleOfMatches(state.matches));
    dispatch(locationChanged(toAppLocation(state.location, basename)));
  };
  report(router.state);
  return router.subscribe(report);
}
