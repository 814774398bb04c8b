/**
 * The element ids this theme's layout and templates render. The site config
 * hands them to the engine (`theme.reservedIds`), so a heading never takes one:
 * `## Content` gets `#content-1`, and the skip link still reaches the `<main>`.
 */
export const themeReservedIds = ['content', 'sidebar', 'outline-title', 'hero-title', 'not-found-title']
