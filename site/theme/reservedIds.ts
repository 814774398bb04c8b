/**
 * The fixed element ids this theme's layout and templates render, in a namespace of the theme's
 * own (`sheaf-`), so that content keeps the ids its headings ask for: `## Sidebar` is `#sidebar`
 * and `## Content` is `#content`, as in Rspress (links to them keep working after a migration).
 * The site config hands them to the engine (`theme.reservedIds`), so a heading never takes one
 * (`## sheaf-content` gets `#sheaf-content-1`), and the skip link still reaches the `<main>`.
 * Ids that only tie a label to its element come from `useId()` and need no entry.
 */
export const themeReservedIds = ['sheaf-content', 'sheaf-sidebar']

/** The `<main>` (the skip link's target) and the sidebar (the menu button's `aria-controls`). */
export const mainId = 'sheaf-content'
export const sidebarId = 'sheaf-sidebar'
