import type { SheafNode } from 'sheaf'

/** The source files of the pages no sidebar links to (home and 404 pages excepted), by route. */
export function unlistedPages(pages: readonly SheafNode[], sidebarLinks: string[]): string[] {
  const listed = new Set(sidebarLinks)
  return pages
    .filter((page) => page.pageType !== 'home' && page.pageType !== '404' && !listed.has(String(page.path)))
    .sort((a, b) => String(a.path).localeCompare(String(b.path)))
    .map((page) => String(page.sourcePath))
}
