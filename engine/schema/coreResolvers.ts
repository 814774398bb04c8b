import type { GraphQLResolveInfo } from 'graphql'
import type { SheafNode } from '../store/types.ts'
import { selectedFields } from './selectedFields.ts'
import { byPath } from '../shared/routes.ts'
import { frontmatterWithInlineHtml } from '../markdown/inlineHtml.ts'
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
    page: (_parent: unknown, args: { path: string }, context: QueryContext, info?: GraphQLResolveInfo) => {
      const page = context.pageByPath(args.path)
      if (page) context.track(page.id, selectedFields(info))
      return page ?? null
    },
    allPage: (_parent: unknown, args: { filter?: PageFilter; sort?: PageSort; limit?: number; skip?: number }, context: QueryContext, info?: GraphQLResolveInfo) => {
      const all = context.store.getNodesByType('Page')
      let pages = all.filter((page) => matches(page, args.filter))
      if (args.sort) pages = sortPages(pages, args.sort)
      else pages.sort(byPath)
      const start = args.skip ?? 0
      pages = pages.slice(start, args.limit === undefined || args.limit === null ? undefined : start + args.limit)
      // Which pages come back depends on every page's filter and sort fields (a page whose
      // pageType changes joins the list); what they show, on the fields selected.
      const decisive = [...filterFields(args.filter), ...(args.sort ? [args.sort.field] : [])]
      const selected = selectedFields(info)
      const returned = new Set(pages)
      if (decisive.length > 0) for (const page of all) if (!returned.has(page)) context.track(page.id, decisive)
      for (const page of pages) context.track(page.id, selected && [...new Set([...selected, ...decisive])])
      return pages
    },
    allFile: (_parent: unknown, args: { extension?: string }, context: QueryContext, info?: GraphQLResolveInfo) => {
      const files = context.store.getNodesByType('File').filter((file) => !args.extension || file.extension === args.extension || file.extension === `.${args.extension}`)
      const selected = selectedFields(info)
      for (const file of files) context.track(file.id, selected)
      return files
    },
  },
  Page: {
    frontmatterHtml: (page: SheafNode, _args: unknown, context: QueryContext) => {
      // Derived from the front-matter: a change to it re-renders the pages that show this field.
      context.track(page.id, ['frontmatter'])
      return frontmatterWithInlineHtml(page.frontmatter ?? {})
    },
  },
}

function filterFields(filter: PageFilter | undefined): string[] {
  if (!filter) return []
  const fields: Record<keyof PageFilter, string> = { version: 'version', lang: 'lang', pageType: 'pageType', pathPrefix: 'path' }
  return (Object.keys(fields) as (keyof PageFilter)[]).filter((key) => filter[key] != null).map((key) => fields[key])
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
