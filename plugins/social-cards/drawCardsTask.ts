import type { CardContent } from './renderCard.ts'
import { layerSvg, rasterize, renderCards } from './renderCard.ts'

/**
 * Runs once the worker has loaded, before its first cards arrive: lays out and rasterises a
 * throwaway card, so the fonts are parsed and satori and resvg are warm (a quarter of a second
 * on the first card otherwise). A worker started with the build does this while the pages are
 * transformed, not at the end of the build.
 */
export async function prepare(): Promise<void> {
  await rasterize(await layerSvg({ title: 'Title', section: 'Section', version: '1.x', siteName: 'Site' }, 'page'))
}

/**
 * Worker task: draws a share of a build's cards and returns their PNGs, in order. One card at a
 * time: there is a worker per core, so a second card in flight only competes for the same cores.
 */
export default function drawCards(contents: CardContent[]): Promise<Uint8Array[]> {
  return renderCards(contents)
}
