import type { CardContent } from './renderCard.ts'
import { renderCard } from './renderCard.ts'

/**
 * Worker task: draws a share of a build's cards and returns their PNGs, in order. Two cards are
 * in flight at a time, so one is laid out (satori, JavaScript) while the other is rasterised
 * (resvg, on libuv's thread pool).
 */
export default async function drawCards(contents: CardContent[]): Promise<Uint8Array[]> {
  const cards: Uint8Array[] = new Array(contents.length)
  let next = 0
  const lane = async () => {
    while (next < contents.length) {
      const index = next++
      cards[index] = await renderCard(contents[index])
    }
  }
  await Promise.all([lane(), lane()])
  return cards
}
