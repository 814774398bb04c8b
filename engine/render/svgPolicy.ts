/**
 * The Content-Security-Policy every SVG the site serves goes out with (the build's `_headers`, the
 * preview and the dev server): an SVG opened as a document draws, with its inline styles and
 * images, and runs no script (`sandbox` without `allow-scripts`, and no `script-src`). The public
 * folder already refuses an SVG that holds script; this holds if one gets past (issue 38).
 * A policy on a response loaded by `<img>` is not applied, so the site's own images are unaffected.
 */
export const svgPolicy = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; sandbox"

/** The `_headers` path pattern of the SVGs (Netlify and Cloudflare Pages match `*` within a segment). */
export const svgPathPattern = '/*.svg'
