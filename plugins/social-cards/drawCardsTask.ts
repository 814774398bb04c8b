import { renderCards, warmUp, type CardContent } from './renderCard.ts'

/**
 * Runs once the worker has loaded, before its first cards arrive (see warmUp). A worker started
 * with the build does this while the pages are transformed, not at the end of the build.
 */
export function prepare(): Promise<void> {
  return warmUp()
}

/**
 * Worker task: draws a share of a build's cards and returns their PNGs, in order. One card at a
 * time: there is a worker per core, so a second card in flight only competes for the same cores.
 */
export default function drawCards(contents: CardContent[]): Promise<Uint8Array[]> {
  return renderCards(contents)
}
