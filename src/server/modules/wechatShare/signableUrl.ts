/**
 * Which URLs the share card's signature is given for: a published page's, on the origin published
 * pages are served at, and nothing else. A signature is WeChat's permission for a page to use the
 * account's JS-SDK: signing any URL would lend the account to any page on an allowed domain.
 */
import { WechatShareLimits } from '../../../contract/wechatShare';

/** /pub/<slug>/ and anything under it. */
const PUBLISHED_PAGE = /^\/pub\/([0-9a-f]{32})\//;
/** Anything but visible ASCII: location.href has it percent-encoded, never spaces or control characters. */
const UNSAFE = /[^\x21-\x7e]/;

/** The URL to sign (fragment left out, otherwise as the page has it) and the slug it is under; null when refused. */
export function signableUrl(raw: string, pageOrigin: string): { url: string; slug: string } | null {
  const url = raw.split('#', 1)[0];
  if (!url || url.length > WechatShareLimits.urlMaxLength || UNSAFE.test(url)) return null;
  let parsed: URL;
  let origin: string;
  try {
    parsed = new URL(url);
    origin = new URL(pageOrigin).origin;
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.username || parsed.password) return null;
  // The raw text must be what was checked: no backslashes or dot segments the parser would rewrite.
  if (!url.startsWith(`${origin}/`) || url.slice(origin.length).split('?', 1)[0] !== parsed.pathname) return null;
  const match = PUBLISHED_PAGE.exec(parsed.pathname);
  return match ? { url, slug: match[1] } : null;
}
