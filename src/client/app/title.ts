import { Messages } from '../../contract/messages';

/** What a route's `handle` carries. */
export interface RouteHandle {
  /** The page's Chinese title, shown before the site title in the browser tab. */
  title?: string;
}

/** '{title} - 网页生成系统', or the site title alone (spec section 2). */
export function documentTitle(title?: string | null): string {
  return title ? `${title} - ${Messages.siteTitle}` : Messages.siteTitle;
}

/** The title of the deepest matched route that has one. */
export function titleOfMatches(matches: readonly { route: { handle?: unknown } }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].route.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}
