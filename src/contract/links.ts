/**
 * Links that come from data (site config, user input) may only be http(s) or relative: a
 * `javascript:` or `data:` URL in an href would run in our origin (DESIGN.md section 8).
 * Returns the trimmed link when it is safe, otherwise null.
 */
export function safeLinkHref(value: string | null | undefined): string | null {
  const link = (value ?? '').trim();
  if (!link) return null;
  let parsed: URL;
  try {
    // The URL parser drops tabs and newlines the way browsers do, so "java\tscript:" is caught too.
    parsed = new URL(link, 'http://relative.invalid/');
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? link : null;
}
