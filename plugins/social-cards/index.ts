import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { routeToHtmlFile, withBase, type HeadTag, type Plugin, type SidebarItem } from 'sheaf'
import { readCacheEntry, writeCacheEntry } from 'sheaf/cache'
import { cardHeight, cardWidth } from './cardSize.ts'
import type { CardContent } from './renderCard.ts'

export interface SocialCardsOptions {
  /** Where cards are cached between builds. Default `.sheaf-cache/social-cards`. */
  cacheDir?: string
}

/** Bump when the card design changes, so cached cards are redrawn. */
const designVersion = '1'

/**
 * An Open Graph image per page, drawn at build time (satori + resvg, both
 * shipped inside their npm packages) and cached by content, so unchanged
 * pages are not redrawn. Adds `og:image` and `twitter:card` to every page.
 */
export function socialCards(options: SocialCardsOptions = {}): Plugin {
  let siteUrl = ''
  return {
    name: 'social-cards',
    async createPages({ graphql }) {
      siteUrl = (await graphql<{ site: { url: string } }>('{ site { url } }')).site.url
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
      const cacheDir = path.resolve(site.root, options.cacheDir ?? '.sheaf-cache/social-cards')
      fs.mkdirSync(cacheDir, { recursive: true })
      const { site: siteData } = await graphql<{ site: { title: string } }>('{ site { title } }')
      let drawn = 0
      const jobs: { file: string; cached: string; content: CardContent }[] = []
      for (const built of pages) {
        if (built.template === '404') continue
        const { page, sidebar } = await graphql<{ page: { title: string; version: string | null } | null; sidebar: SidebarItem[] }>(
          'query ($path: String!) { page(path: $path) { title version } sidebar(path: $path) }',
          { path: built.path },
        )
        if (!page) continue
        const content: CardContent = { title: page.title, section: sectionOf(sidebar, built.path) ?? 'Overview', version: page.version ?? '', siteName: siteData.title }
        const key = createHash('sha1').update(designVersion).update(JSON.stringify(content)).digest('hex')
        // `.card`, not `.png`: a checked cache entry (see readCacheEntry), not the image alone.
        jobs.push({ file: cardFile(built.path), cached: path.join(cacheDir, `${key}.card`), content })
      }
      // A few cards in flight: one is laid out in JavaScript while others are rasterised natively.
      await inParallel(jobs, 4, async (job) => {
        // A missing, truncated or damaged card is drawn again: never shipped as it is.
        let card: Uint8Array | null = readCacheEntry(job.cached)
        if (!card) {
          // Loaded on the first card drawn, not with the config: satori and resvg take 0.2 s to
          // load, which the dev server and builds with every card cached never need.
          const { renderCard } = await import('./renderCard.ts')
          card = await renderCard(job.content)
          try {
            writeCacheEntry(job.cached, card)
          } catch {
            // A read-only or full disk only costs speed.
          }
          drawn++
        }
        await emitFile(job.file, card)
      })
      reporter.info(`${drawn} social card${drawn === 1 ? '' : 's'} drawn, the rest from cache`)
    },
  }
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

/** Runs `task` over `items` with at most `limit` running at once. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const run = async () => {
    while (next < items.length) await task(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run))
}
