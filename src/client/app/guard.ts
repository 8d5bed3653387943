import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { canAccess, loginPath } from './access';
import { stripBasename } from './basename';
import { productionHostTarget } from './productionHost';

export interface GuardDependencies {
  getToken(): string | null;
  /** Settles when the stored state is back: before that the token is not known yet. */
  ready: Promise<unknown>;
  /** The production host setting, '' when the rule is off. */
  productionHost(): string;
  /** Leaves the SPA for another URL (window.location.replace in the browser). */
  leaveTo(url: string): void;
  /** Paths that match no route: the catch-all sends them home, so access does not apply. */
  isUnknownPath(path: string): boolean;
  basename: string;
}

/**
 * The root route's loader: runs before every navigation renders anything (its route always
 * revalidates), so a protected page never shows without a token. Loaders run side by side and
 * React Router follows the deepest redirect, so '/profile' first becomes '/backend/personal' and
 * this guard then sends that target to the login page.
 */
export function createGuard(deps: GuardDependencies) {
  return async function guard({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const target = productionHostTarget(deps.productionHost(), url);
    if (target) {
      deps.leaveTo(target);
      // The page is being replaced: render nothing meanwhile.
      return new Promise<null>(() => {});
    }
    await deps.ready;
    const path = stripBasename(url.pathname, deps.basename);
    if (!deps.isUnknownPath(path) && !canAccess(path, deps.getToken())) throw redirect(loginPath(`${path}${url.search}`));
    return null;
  };
}
