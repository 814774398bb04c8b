import { cardCache } from './cardCache.ts'
import { renderCard, warmUp, type CardContent } from './renderCard.ts'

/** A card to draw, and the name it is cached under (see CardStore). */
export interface CardDrawing {
  key: string
  content: CardContent
}

export interface DrawCardsInput {
  cards: CardDrawing[]
  /** The card cache's folder: each card is written there as it is drawn. */
  cacheDir: string
}

/**
 * Each card, in order: its size once written to the cache, or its PNG when the cache could not
 * take it (a read-only or full disk).
 */
export type DrawnCard = number | Uint8Array

/**
 * Runs once the worker has loaded, before its first cards arrive (see warmUp). A worker started
 * with the build does this while the pages are transformed, not at the end of the build.
 */
export function prepare(): Promise<void> {
  return warmUp()
}

/**
 * Worker task: draws a share of a build's cards into the cache. One card at a time: there is a
 * worker per core, so a second card in flight only competes for the same cores. Written here, not
 * sent back: a 5,000-page build held every PNG (260 MB) on its main thread until the post-build.
 */
export default async function drawCards({ cards, cacheDir }: DrawCardsInput): Promise<DrawnCard[]> {
  const drawn: DrawnCard[] = []
  const cache = cardCache(cacheDir)
  for (const { key, content } of cards) {
    const png = await renderCard(content)
    try {
      cache.put(key, png)
      drawn.push(png.length)
    } catch {
      drawn.push(png)
    }
  }
  return drawn
}
