import path from 'node:path'
import { encodeRoute, SheafError, withBase, type HeadTag, type Plugin } from 'sheaf'
import { cardFile, cardJobs, uniqueByKey, type CardJob } from './cardJobs.ts'
import { cardHeight, cardWidth } from './cardSize.ts'
import { CardStore } from './cardStore.ts'
import type { DrawnCard } from './drawCardsTask.ts'
import { drawMissing, drawUncached, startCardWorker, type CardWorker } from './drawInWorkers.ts'

export { cardFile }

export interface SocialCardsOptions {
  /** Where cards are cached between builds. Default `.sheaf-cache/social-cards`. */
  cacheDir?: string
}

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
      early = drawUncached(jobs, cached, cacheDirOf(site.root), site.concurrency, takePrestarted())
    },
    headTags(page): HeadTag[] {
      if (page.template === '404' || page.mode === 'develop') return []
      return cardHeadTags(`${siteUrl}${withBase(encodeRoute(`/${cardFile(page.path)}`), page.base)}`)
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
      const drawn = await drawMissing(missing, early, cacheDirOf(site.root), site.concurrency, takePrestarted())
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

/** The Open Graph and Twitter tags that show a page's card. */
function cardHeadTags(image: string): HeadTag[] {
  return [
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: String(cardWidth) } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: String(cardHeight) } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  ]
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
