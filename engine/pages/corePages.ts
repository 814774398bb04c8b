import type { Plugin } from '../plugins/types.ts'

interface PageRow {
  path: string
  pageType: string
  sourcePath: string | null
}

/**
 * The built-in page creator: one page per `Page` node, its template chosen
 * by `pageType` (falling back to `doc`), plus the 404 page when the theme has
 * a `404` template. The context carries the route, so a template's query can
 * ask for `page(path: $path)`. It runs last, after the site's plugins.
 */
export function corePages(templates: Record<string, string>, register: (page: { path: string; template: string; context: Record<string, unknown> }, source: string) => void): Plugin {
  return {
    name: 'sheaf:pages',
    async createPages({ graphql, reporter }) {
      const { allPage } = await graphql<{ allPage: PageRow[] }>('{ allPage { path pageType sourcePath } }')
      for (const page of allPage) {
        const template = Object.hasOwn(templates, page.pageType) ? page.pageType : 'doc'
        if (template !== page.pageType) reporter.warn(`${page.sourcePath}: unknown pageType \`${page.pageType}\`; using the doc template. Use one of ${Object.keys(templates).join(', ')}.`)
        register({ path: page.path, template, context: { path: page.path } }, page.sourcePath ?? page.path)
      }
      if (Object.hasOwn(templates, '404')) register({ path: '/404', template: '404', context: { path: '/404' } }, 'the 404 page')
    },
  }
}
