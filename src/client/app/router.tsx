import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router-dom';
import { BASENAME, stripBasename } from './basename';
import type { StartFeature } from './lazyFeatures';
import { readMeta } from './pageMeta';
import { buildRoutes } from './routes';
import type { AppLocation } from './routerSlice';
import type { NavigationTarget } from './servicesImpl';

export interface AppRouterOptions {
  getToken(): string | null;
  /** Settles once the stored state is back (persistStore's bootstrapped callback). */
  ready: Promise<unknown>;
  startFeature: StartFeature;
}

/** The browser's data router under /user, with the production-host rule read from the page. */
export function createAppRouter({ getToken, ready, startFeature }: AppRouterOptions): DataRouter {
  const routes: RouteObject[] = buildRoutes({
    getToken,
    ready,
    startFeature,
    productionHost: () => readMeta('production-host'),
    leaveTo: (url) => window.location.replace(url),
    basename: BASENAME,
  });
  return createBrowserRouter(routes, { basename: BASENAME });
}

/** The services' view of the router: paths without the basename, as every caller writes them. */
export function navigationTargetOf(router: DataRouter): NavigationTarget {
  return {
    navigate: (to, options) => (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)),
    get state() {
      const location: AppLocation = { pathname: stripBasename(router.state.location.pathname), search: router.state.location.search };
      return { location };
    },
  };
}
