import { createHash } from 'node:crypto'
import { routeToHtmlFile, type GraphqlRunner, type PagesApi, type SidebarItem } from 'sheaf'
import type { CardContent } from './renderCard.ts'

/** Bump when the card design changes, so cached cards are redrawn. */
const designVersion = '3'

export interface CardJob {
  route: string
  file: string
  /** Names the card by its content, so a body edit never redraws it. */
  key: string
  content: CardContent
}

/** One job per key: pages that show the same card draw it once. */
export function uniqueByKey(jobs: CardJob[]): CardJob[] {
  const seen = new Set<string>()
  return jobs.filter((job) => !seen.has(job.key) && seen.add(job.key))
}

/**
 * What each page's card shows (title, sidebar section, version, site name), and its key.
 * `reuse` (createPages' PagesApi.reuse): each batch's facts are kept between builds with what
 * its query read, so a rebuild whose titles and sidebars are unchanged asks for none of them
 * (a thousand pages' sidebars: 0.1-0.15 s of a one-page rebuild at N = 1,000).
 */
export async function cardJobs(graphql: GraphqlRunner, paths: string[], reuse?: PagesApi['reuse']): Promise<CardJob[]> {
  if (paths.length === 0) return []
  const { site } = await graphql<{ site: { title: string } }>('{ site { title } }')
  const jobs: CardJob[] = []
  for (let at = 0; at < paths.length; at += pagesPerQuery) {
    const routes = paths.slice(at, at + pagesPerQuery)
    const facts = reuse
      ? await reuse(`card facts\n${routes.join('\n')}`, (recording) => cardFacts(recording, routes))
      : await cardFacts(graphql, routes)
    for (const fact of facts) {
      if (!fact) continue
      const [route, title, version, section] = fact
      const content: CardContent = {
        title,
        section: section ?? 'Overview',
        version: version ?? '',
        siteName: site.title,
      }
      const key = createHash('sha1').update(designVersion).update(JSON.stringify(content)).digest('hex')
      jobs.push({ route, file: cardFile(route), key, content })
    }
  }
  return jobs
}

/** A page's route, title, version and sidebar section; null for a route that is no page. */
type CardFacts = [route: string, title: string, version: string | null, section: string | null] | null

/**
 * The facts of a batch of pages, in one query, each page under its own alias: a query per page
 * spent most of its time parsing, validating and setting up the same query again.
 */
async function cardFacts(graphql: GraphqlRunner, routes: string[]): Promise<CardFacts[]> {
  const variables = Object.fromEntries(routes.map((route, index) => [`path${index}`, route]))
  const fields = routes.map(
    (_, index) =>
      `page${index}: page(path: $path${index}) { title version } sidebar${index}: sidebar(path: $path${index})`,
  )
  const data = await graphql<Record<string, unknown>>(
    `query (${routes.map((_, index) => `$path${index}: String!`).join(', ')}) { ${fields.join(' ')} }`,
    variables,
  )
  return routes.map((route, index) => {
    const page = data[`page${index}`] as { title: string; version: string | null } | null
    if (!page) return null
    return [route, page.title, page.version ?? null, sectionOf(data[`sidebar${index}`] as SidebarItem[], route) ?? null]
  })
}

/** Pages asked for in one query (see cardJobs): two aliases each, within the engine's limit of 30 a query. */
const pagesPerQuery = 15

/** `/docs/api/render` -> `og/docs/api/render.png`. */
export function cardFile(route: string): string {
  return `og/${routeToHtmlFile(route).replace(/\.html$/, '.png')}`
}

function sectionOf(items: SidebarItem[], route: string, group?: string): string | undefined {
  for (const item of items) {
    if (item.link === route) return item.items ? item.text : group
    if (item.items) {
      const found = sectionOf(item.items, route, group ?? item.text)
      if (found) return found
    }
  }
  return undefined
}
