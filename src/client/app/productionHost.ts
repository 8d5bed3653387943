export interface CurrentUrl {
  protocol: string;
  host: string;
  pathname: string;
  search: string;
  hash?: string;
}

/**
 * Where to go when the page is not on the production host (spec section 2): the same path on that
 * host, or null when the rule is off (empty setting) or the host already matches. The setting is a
 * host ('www.example.com') or an origin ('https://www.example.com', which also fixes the protocol).
 */
export function productionHostTarget(productionHost: string, current: CurrentUrl): string | null {
  const setting = productionHost.trim();
  if (!setting) return null;
  let protocol = current.protocol;
  let host = setting;
  if (setting.includes('://')) {
    try {
      const origin = new URL(setting);
      protocol = origin.protocol;
      host = origin.host;
    } catch {
      return null;
    }
  }
  if (host.toLowerCase() === current.host.toLowerCase()) return null;
  return `${protocol}//${host}${current.pathname}${current.search}${current.hash ?? ''}`;
}
