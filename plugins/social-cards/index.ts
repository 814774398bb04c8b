import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { routeToHtmlFile, runInWorker, withBase, type GraphqlRunner, type HeadTag, type Plugin, type SidebarItem } from 'sheaf'
import { readCacheEntry, writeCacheEntry } from 'sheaf/cache'
import { cardHeight, cardWidth } from './cardSize.ts'
import type { CardContent } from './renderCard.ts'

export interface SocialCardsOptions {
  /** Where cards are cached between builds. Default `.sheaf-cache/social-cards`. */
  cacheDir?: string
}

/** Bump when the card design changes, so cached cards are redrawn. */
const designVersion = '3'

/**
 * An Open Graph image per page, drawn at build time (satori + resvg, both
 * shipped inside their npm packages) and cached by content, so unchanged
 * pages are not redrawn. Adds `og:image` and `twitter:card` to every page.
 */
export function socialCards(options: SocialCardsOptions = {}): Plugin {
  let siteUrl = ''
  // Cards of the site's pages start drawing as soon as pages are known, in worker threads, while
  // the main thread renders (one core is free then); onPostBuild takes them. Keyed by cache file.
  let early = new Map<string, Promise<Uint8Array>>()
  const cacheDirOf = (root: string) => path.resolve(root, options.cacheDir ?? '.sheaf-cache/social-cards')
  return {
    name: 'social-cards',
    async createPages({ graphql, site }) {
      siteUrl = (await graphql<{ site: { url: string } }>('{ site { url } }')).site.url
      early = new Map()
      if (site.mode === 'develop') return
      const { allPage } = await graphql<{ allPage: { path: string }[] }>('{ allPage { path } }')
      // Only whether a card is cached: reading and verifying every card here and again in
      // onPostBuild cost a one-page rebuild of 1,000 pages about 0.4 s (90 MB hashed twice).
      // A damaged entry is found in onPostBuild, which draws it then.
      const jobs = (await cardJobs(graphql, allPage.map((page) => page.path), cacheDirOf(site.root))).filter((job) => !fs.existsSync(job.cached))
      const drawing = drawInWorkers(jobs.map((job) => job.content))
      // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
      drawing.catch(() => undefined)
      jobs.forEach((job, index) => early.set(job.cached, drawing.then((cards) => cards[index])))
    },
    headTags(page): HeadTag[] {
      if (page.template === '404' || page.mode === 'develop') return []
      const image = `${siteUrl}${withBase(`/${cardFile(page.path)}`, page.base)}`
      return [
        { tag: 'meta', attrs: { property: 'og:image', content: image } },
        { tag: 'meta', attrs: { property: 'og:image:width', content: String(cardWidth) } },
        { tag: 'meta', attrs: { property: 'og:image:height', content: String(cardHeight) } },
        { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
        { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
      ]
    },
    async onPostBuild({ graphql, emitFile, site, pages, reporter }) {
      // Drawing cards is build work; the dev server has no use for them.
      if (site.mode === 'develop') return
      const jobs = await cardJobs(graphql, pages.filter((built) => built.template !== '404').map((built) => built.path), cacheDirOf(site.root))
      // A missing, truncated or damaged card is drawn again: never shipped as it is.
      const cards = jobs.map((job) => readCacheEntry(job.cached) as Uint8Array | null)
      const missing = jobs.flatMap((job, index) => (cards[index] ? [] : [index]))
      const late = missing.filter((index) => !early.has(jobs[index].cached))
      const drawnLate = drawInWorkers(late.map((index) => jobs[index].content))
      const drawn = await Promise.all(missing.map(async (index) => early.get(jobs[index].cached) ?? (await drawnLate)[late.indexOf(index)]))
      missing.forEach((jobIndex, index) => {
        cards[jobIndex] = drawn[index]
        try {
          writeCacheEntry(jobs[jobIndex].cached, drawn[index])
        } catch {
          // A read-only or full disk only costs speed.
        }
      })
      for (const [index, job] of jobs.entries()) await emitFile(job.file, cards[index] as Uint8Array)
      reporter.info(`${missing.length} social card${missing.length === 1 ? '' : 's'} drawn, the rest from cache`)
    },
  }
}

interface CardJob {
  file: string
  /** The card's cache entry: named by its content, so a body edit never redraws it. */
  cached: string
  content: CardContent
}

/** What each page's card shows (title, sidebar section, version, site name), and where it is cached. */
async function cardJobs(graphql: GraphqlRunner, paths: string[], cacheDir: string): Promise<CardJob[]> {
  fs.mkdirSync(cacheDir, { recursive: true })
  const { site } = await graphql<{ site: { title: string } }>('{ site { title } }')
  const jobs: CardJob[] = []
  for (const route of paths) {
    const { page, sidebar } = await graphql<{ page: { title: string; version: string | null } | null; sidebar: SidebarItem[] }>(
      'query ($path: String!) { page(path: $path) { title version } sidebar(path: $path) }',
      { path: route },
    )
    if (!page) continue
    const content: CardContent = { title: page.title, section: sectionOf(sidebar, route) ?? 'Overview', version: page.version ?? '', siteName: site.title }
    const key = createHash('sha1').update(designVersion).update(JSON.stringify(content)).digest('hex')
    // `.card`, not `.png`: a checked cache entry (see readCacheEntry), not the image alone.
    jobs.push({ file: cardFile(route), cached: path.join(cacheDir, `${key}.card`), content })
  }
  return jobs
}

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

/**
 * Draws cards on every core: one worker thread per core (each loads satori and resvg, about
 * 0.3 s), sharing the cards between them; none for a build whose cards are all cached. Drawing
 * one after another on the main thread took about 70 ms a card (N cards: N x 70 ms of post-build).
 */
async function drawInWorkers(contents: CardContent[]): Promise<Uint8Array[]> {
  if (contents.length === 0) return []
  // A worker is worth its start-up only with a few cards to draw.
  const workers = Math.max(1, Math.min(os.availableParallelism(), Math.floor(contents.length / 8)))
  const share = Math.ceil(contents.length / workers)
  const shares = Array.from({ length: workers }, (_, index) => contents.slice(index * share, (index + 1) * share))
  const drawn = await Promise.all(shares.map((part) => runInWorker<CardContent[], Uint8Array[]>(new URL('./drawCardsTask.ts', import.meta.url), part)))
  return drawn.flat().map((card) => (card instanceof Uint8Array ? card : new Uint8Array(card)))
}
