import type { GraphQLResolveInfo } from 'graphql'
import type { SheafNode } from '../store/types.ts'
import { selectedFields } from './selectedFields.ts'
import { frontmatterWithInlineHtml } from '../markdown/inlineHtml.ts'
import type { GraphQLResolverMap, QueryContext } from './types.ts'

/** Resolvers for the core SDL. Every node a query reads is tracked. */
export const coreResolvers: GraphQLResolverMap = {
  Query: {
    site: (_parent: unknown, _args: unknown, context: QueryContext) => context.site,
    page: (_parent: unknown, args: { path: string }, context: QueryContext, info?: GraphQLResolveInfo) => {
      const page = context.pageByPath(args.path)
      if (page) context.track(page.id, selectedFields(info))
      return page ?? null
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
