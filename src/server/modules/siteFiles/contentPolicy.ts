/**
 * A created site is a user's page on our origin. It gets a policy of its own: its scripts and
 * styles from its own folder (the renderer writes no inline script), no plugins, no forms, no
 * <base>, nothing fetched from elsewhere, and framing by our own pages only (the SPA's preview
 * page shows it in an iframe). Published copies are served with it too.
 */
export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
