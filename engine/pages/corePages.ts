import type { Plugin } from '../plugins/types.ts'
import { byPath } from '../shared/routes.ts'

/**
 * The built-in page creator: one page per `Page` node, its template chosen
 * by `pageType` (falling back to `doc`), plus the 404 page when the theme has
 * a `404` template and the content has no page at `/404`. The context carries the route, so a template's query can
 * ask for `page(path: $path)`. It runs last, after the site's plugins.
 */
export function corePages(
  templates: Record<string, string>,
  register: (page: { path: string; template: string; context: Record<string, unknown> }, source: string) => void,
): Plugin {
  return {
    name: 'sheaf:pages',
    createPages({ getNodesByType, reporter }) {
      // In the order `allPage` gives them (by path). Read from the store: through GraphQL, every
      // page's three fields took 0.1 s of a 5,000-page dev server's start.
      const pages = [...getNodesByType('Page')].sort(byPath)
      for (const page of pages) {
        const path = String(page.path)
        const pageType = String(page.pageType)
        const sourcePath = typeof page.sourcePath === 'string' ? page.sourcePath : null
        const template = Object.hasOwn(templates, pageType) ? pageType : 'doc'
        if (template !== pageType)
          reporter.warn(
            `${sourcePath}: unknown pageType \`${pageType}\`; using the doc template. ` +
              `Use one of ${Object.keys(templates).join(', ')}.`,
          )
        register({ path, template, context: { path } }, sourcePath ?? path)
      }
      // A content page at /404 (Rspress's `404.mdx`, rendering `<NotFoundLayout />`) is the site's
      // not-found page, as in Rspress; the theme's 404 template fills in only when there is none.
      const contentNotFound = pages.some((page) => String(page.path) === '/404')
      if (Object.hasOwn(templates, '404') && !contentNotFound)
        register({ path: '/404', template: '404', context: { path: '/404' } }, 'the 404 page')
    },
  }
}
