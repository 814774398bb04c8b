import type { CardContent } from './renderCard.ts'
import { renderCard } from './renderCard.ts'

/**
 * Worker task: draws a share of a build's cards and returns their PNGs, in order. One card at a
 * time: there is a worker per core, so a second card in flight only competes for the same cores.
 */
export default async function drawCards(contents: CardContent[]): Promise<Uint8Array[]> {
  const cards: Uint8Array[] = []
  for (const content of contents) cards.push(await renderCard(content))
  return cards
}
