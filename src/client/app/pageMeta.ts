/**
 * Settings the server writes into index.html as <meta name=... content=...> (the CSP forbids an
 * inline script, so a meta tag is how the server configures the bundle at run time).
 */
export function readMeta(name: string, doc: Document = document): string {
  return doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() ?? '';
}
