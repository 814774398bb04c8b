import { createHash } from 'node:crypto'
import path from 'node:path'
import {
  encodeRoute,
  routeToHtmlFile,
  SheafError,
  startWorker,
  withBase,
  type GraphqlRunner,
  type HeadTag,
  type PagesApi,
  type Plugin,
  type SidebarItem,
  type WorkerTask,
} from 'sheaf'
import { cardHeight, cardWidth } from './cardSize.ts'
import { CardStore } from './cardStore.ts'
import type { DrawCardsInput, DrawnCard } from './drawCardsTask.ts'
import type { CardContent } from './renderCard.ts'

export interface SocialCardsOptions {
  /** Where cards are cached between builds. Default `.sheaf-cache/social-cards`. */
  cacheDir?: string
}

/** About half a second of drawing: less than that is not worth another worker's start-up (see drawInWorkers). */
const cardsPerWorker = 100

/** Bump when the card design changes, so cached cards are redrawn. */
const designVersion = '3'

/**
 * An Open Graph image per page, drawn at build time (text from a glyph atlas
 * rasterised by resvg, satori for what the atlas cannot draw: see renderCard.ts)
 * and cached by content, so unchanged pages are not redrawn. Adds `og:image` and `twitter:card` to every page.
 */
export function socialCards(options: SocialCardsOptions = {}): Plugin {
  let siteUrl = ''
  // Cards of the site's pages start drawing as soon as pages are known, in worker threads, while
  // the main thread renders (one core is free then); onPostBuild takes them. Keyed by card key.
  let early = new Map<string, Promise<DrawnCard>>()
  // Each page's card, worked out once a build (a query per page: about 0.2 s at 1,000 pages).
  let jobsByRoute = new Map<string, CardJob>()
  const cacheDirOf = (root: string) => path.resolve(root, options.cacheDir ?? '.sheaf-cache/social-cards')
  // A worker started with the build, when it will surely draw (see sourceNodes); the first drawing takes it.
  let prestarted: CardWorker | null = null
  const takePrestarted = () => {
    const worker = prestarted
    prestarted = null
    return worker
  }
  return {
    name: 'social-cards',
    sourceNodes({ site }) {
      takePrestarted()?.close()
      // A build with no card cached (a cold build) draws every card: its worker starts now, so it
      // has loaded HarfBuzz, resvg and the fonts (0.1-0.2 s; 0.4-0.7 s of post-build with satori, the last
      // thing the build waited for) by the time the pages are known. A rebuild, which draws a
      // card or none, starts one only if it needs it.
      if (site.mode === 'build' && CardStore.cachedKeys(cacheDirOf(site.root)).size === 0)
        prestarted = startCardWorker()
    },
    async createPages({ graphql, site, reuse }) {
      siteUrl = (await graphql<{ site: { url: string } }>('{ site { url } }')).site.url
      early = new Map()
      jobsByRoute = new Map()
      if (site.mode === 'develop') return
      // Awaited here, before the render: the cards still to draw start in their workers at once
      // (worked out while the render runs, they started later, on a main thread busy rendering).
      const {
        allPage: { nodes: allPage },
      } = await graphql<{ allPage: { nodes: { path: string }[] } }>('{ allPage { nodes { path } } }')
      const jobs = await cardJobs(
        graphql,
        allPage.map((page) => page.path),
        reuse,
      )
      for (const job of jobs) jobsByRoute.set(job.route, job)
      const cached = CardStore.cachedKeys(cacheDirOf(site.root))
      // Only whether a card is in the store's index: onPostBuild finds a damaged one, and draws it then.
      const toDraw = uniqueByKey(jobs.filter((job) => !cached.has(job.key)))
      const drawing = drawInWorkers(toDraw, cacheDirOf(site.root), site.concurrency, takePrestarted())
      // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
      drawing.catch(() => undefined)
      toDraw.forEach((job, index) =>
        early.set(
          job.key,
          drawing.then((cards) => cards[index]),
        ),
      )
    },
    headTags(page): HeadTag[] {
      if (page.template === '404' || page.mode === 'develop') return []
      const image = `${siteUrl}${withBase(encodeRoute(`/${cardFile(page.path)}`), page.base)}`
      return [
        { tag: 'meta', attrs: { property: 'og:image', content: image } },
        { tag: 'meta', attrs: { property: 'og:image:width', content: String(cardWidth) } },
        { tag: 'meta', attrs: { property: 'og:image:height', content: String(cardHeight) } },
        { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
        { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
      ]
    },
    async onPostBuild({ graphql, site, pages, outDir, reporter }) {
      // Drawing cards is build work; the dev server has no use for them.
      if (site.mode === 'develop') return
      const cards = new CardStore(cacheDirOf(site.root), outDir)
      const routes = pages.filter((built) => built.template !== '404').map((built) => built.path)
      const jobs = [
        ...routes.flatMap((route) => jobsByRoute.get(route) ?? []),
        ...(await cardJobs(
          graphql,
          routes.filter((route) => !jobsByRoute.has(route)),
        )),
      ]
      // From the previous output or the cache; a missing or damaged card is drawn (never shipped as it is).
      const placed = await Promise.all(jobs.map((job) => cards.place(job.key, job.file)))
      const missing = uniqueByKey(jobs.filter((_, index) => !placed[index]))
      const late = missing.filter((job) => !early.has(job.key))
      const drawnLate = drawInWorkers(late, cacheDirOf(site.root), site.concurrency, takePrestarted())
      const drawn = new Map(
        await Promise.all(
          missing.map(
            async (job) =>
              [job.key, early.get(job.key) ? await early.get(job.key) : (await drawnLate)[late.indexOf(job)]] as const,
          ),
        ),
      )
      await writeDrawnCards(
        cards,
        jobs.filter((_, index) => !placed[index]),
        drawn,
        cacheDirOf(site.root),
      )
      cards.save()
      takePrestarted()?.close()
      early = new Map()
      reporter.info(`${missing.length} social card${missing.length === 1 ? '' : 's'} drawn, the rest from cache`)
    },
  }
}

/** Puts each card just drawn in the output: written, or copied from the cache its worker drew it into. */
async function writeDrawnCards(
  cards: CardStore,
  jobs: CardJob[],
  drawn: Map<string, DrawnCard | undefined>,
  cacheDir: string,
): Promise<void> {
  for (const job of jobs) {
    const card = drawn.get(job.key) as DrawnCard
    if (typeof card !== 'number') {
      await cards.write(job.key, job.file, card)
      continue
    }
    // Drawn into the cache by its worker: copied from there.
    cards.adopt(job.key, card)
    if (!(await cards.place(job.key, job.file))) {
      throw new SheafError(`The social card of ${job.route} was drawn into ${cacheDir} and is no longer there.`, {
        hint: 'something removed the cache folder during the build: build again.',
      })
    }
  }
}

interface CardJob {
  route: string
  file: string
  /** Names the card by its content, so a body edit never redraws it. */
  key: string
  content: CardContent
}

/** One job per key: pages that show the same card draw it once. */
function uniqueByKey(jobs: CardJob[]): CardJob[] {
  const seen = new Set<string>()
  return jobs.filter((job) => !seen.has(job.key) && seen.add(job.key))
}

/**
 * What each page's card shows (title, sidebar section, version, site name), and its key.
 * `reuse` (createPages' PagesApi.reuse): each batch's facts are kept between builds with what
 * its query read, so a rebuild whose titles and sidebars are unchanged asks for none of them
 * (a thousand pages' sidebars: 0.1-0.15 s of a one-page rebuild at N = 1,000).
 */
async function cardJobs(graphql: GraphqlRunner, paths: string[], reuse?: PagesApi['reuse']): Promise<CardJob[]> {
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

type CardWorker = WorkerTask<DrawCardsInput, DrawnCard[]>

/** A thread that draws cards (drawCardsTask.ts), loading HarfBuzz, resvg and the fonts from the start. */
function startCardWorker(): CardWorker {
  return startWorker<DrawCardsInput, DrawnCard[]>(new URL('./drawCardsTask.ts', import.meta.url))
}

/**
 * Draws cards in worker threads, at most `threads` (the config's buildConcurrency), sharing the
 * cards between them; none for a build whose cards are all cached. Drawing one after another on
 * the main thread took about 70 ms a card (N cards: N x 70 ms of post-build). Each worker writes
 * its cards into the cache folder and sends back their sizes (see drawCardsTask.ts). `prestarted`: a
 * worker already loading, used for the first share (and closed with the others); one that gets
 * no share is closed.
 */
async function drawInWorkers(
  jobs: CardJob[],
  cacheDir: string,
  threads: number,
  prestarted: CardWorker | null,
): Promise<DrawnCard[]> {
  const contents = jobs.map((job) => ({ key: job.key, content: job.content }))
  if (contents.length === 0) {
    prestarted?.close()
    return []
  }
  // A worker costs about half a second of CPU to start and warm up (HarfBuzz, resvg, the fonts,
  // the compiler on its loops) and a card 3-8 ms:
  // another worker is worth it only for another `cardsPerWorker` cards. The cards are drawn
  // while the main thread renders, so on a small site (this repository's 66 cards) a second
  // worker only took CPU from the render.
  const workers = Math.max(1, Math.min(threads, Math.floor(contents.length / cardsPerWorker)))
  const share = Math.ceil(contents.length / workers)
  const shares = Array.from({ length: workers }, (_, index) => contents.slice(index * share, (index + 1) * share))
  const drawn = await Promise.all(
    shares.map(async (part, index) => {
      const worker = (index === 0 ? prestarted : null) ?? startCardWorker()
      try {
        return await worker.run({ cards: part, cacheDir })
      } finally {
        worker.close()
      }
    }),
  )
  return drawn
    .flat()
    .map((card) => (typeof card === 'number' || card instanceof Uint8Array ? card : new Uint8Array(card)))
}
