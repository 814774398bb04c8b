import type { SheafNode } from '../store/types.ts'
import type { GraphQLResolverMap, QueryContext } from './types.ts'

interface PageFilter {
  version?: string | null
  lang?: string | null
  pageType?: string | null
  pathPrefix?: string | null
}

interface PageSort {
  field: 'path' | 'title' | 'lastUpdated'
  order?: 'ASC' | 'DESC'
}

/** Resolvers for the core SDL. Every node a query reads is tracked. */
export const coreResolvers: GraphQLResolverMap = {
  Query: {
    site: (_parent: unknown, _args: unknown, context: QueryContext) => context.site,
    page: (_parent: unknown, args: { path: string }, context: QueryContext) => {
      const page = context.pageByPath(args.path)
      if (page) context.track(page.id)
      return page ?? null
    },
    allPage: (_parent: unknown, args: { filter?: PageFilter; sort?: PageSort; limit?: number; skip?: number }, context: QueryContext) => {
      let pages = context.store.getNodesByType('Page').filter((page) => matches(page, args.filter))
      if (args.sort) pages = sortPages(pages, args.sort)
      else pages.sort((a, b) => String(a.path).localeCompare(String(b.path)))
      const start = args.skip ?? 0
      pages = pages.slice(start, args.limit === undefined || args.limit === null ? undefined : start + args.limit)
      for (const page of pages) context.track(page.id)
      return pages
    },
    allFile: (_parent: unknown, args: { extension?: string }, context: QueryContext) => {
      const files = context.store.getNodesByType('File').filter((file) => !args.extension || file.extension === args.extension || file.extension === `.${args.extension}`)
      for (const file of files) context.track(file.id)
      return files
    },
  },
}

function matches(page: SheafNode, filter: PageFilter | undefined): boolean {
  if (!filter) return true
  if (filter.version != null && page.version !== filter.version) return false
  if (filter.lang != null && page.lang !== filter.lang) return false
  if (filter.pageType != null && page.pageType !== filter.pageType) return false
  if (filter.pathPrefix != null && !String(page.path).startsWith(filter.pathPrefix)) return false
  return true
}

function sortPages(pages: SheafNode[], sort: PageSort): SheafNode[] {
  const direction = sort.order === 'DESC' ? -1 : 1
  return [...pages].sort((a, b) => direction * String(a[sort.field] ?? '').localeCompare(String(b[sort.field] ?? '')))
}
