import { createContext, useContext } from 'react'
import { staticQueryId } from './staticQueryId.ts'

/** The site's static query results, by query id (see staticQueryId): the same object on server and client. */
export type StaticQueryResults = Readonly<Record<string, unknown>>

export const StaticQueryContext = createContext<StaticQueryResults | null>(null)

/**
 * A component's own query, as Gatsby's `useStaticQuery`: ``useStaticQuery<FooterQuery>(graphql`…`)``.
 * The build ran it once (it found the query in the module's source) and shipped its result once
 * for the whole site; this reads it, on the server and in the browser alike. Static queries take
 * no variables.
 */
export function useStaticQuery<TData = Record<string, unknown>>(query: string): TData {
  const results = useContext(StaticQueryContext)
  const id = staticQueryId(query)
  if (!results || !Object.hasOwn(results, id)) {
    throw new Error(
      `useStaticQuery: no result for the query "${query.replace(/\s+/g, ' ').trim().slice(0, 80)}". ` +
        ('The build runs the static queries it finds written as useStaticQuery(graphql`…`) ' +
          'in the modules of the theme and of the site: write the query inline there.'),
    )
  }
  return results[id] as TData
}
