import { renderAsync } from '@resvg/resvg-js'
import { compositeCard, tintLayer, tintRows, type LayerPixels, type Template } from './cardCompositor.ts'
import { interWoff } from './cardFonts.ts'
import { background, badgeDrawing, cardTree, pageRuns, templateRuns, type CardContent } from './cardDesign.ts'
import { cardHeight, cardWidth } from './cardSize.ts'
import { BandedPngEncoder } from './encodePng.ts'
import { drawRuns, type TextCoverage } from './glyphAtlas.ts'

export type { CardContent } from './cardDesign.ts'

/**
 * A card (1200x630 PNG) is its site's template (background, site name, "Documentation"), drawn
 * once per thread, with the page's section and title and the version's badge (drawn once per
 * version) laid over it. Text is drawn from the glyph atlas where the card's layout is worked
 * out without satori (cardDesign.ts): about 4 ms of CPU a card, against 13-16 for a satori
 * layout and a resvg raster of the text (bench/README.md). Satori, loaded only when needed,
 * draws what that layout does not cover (a script the fonts lack, more text than a card holds).
 */

let satoriFonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined

/** The SVG of a layer of the card as satori draws it, over no background (see cardTree). */
export async function layerSvg(content: CardContent, layer: 'template' | 'page' | 'whole'): Promise<string> {
  const { default: satori } = await import('satori')
  satoriFonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: interWoff(weight),
    weight,
    style: 'normal' as const,
  }))
  return withoutOverflowMasks(
    await satori(cardTree(content, layer) as never, { width: cardWidth, height: cardHeight, fonts: satoriFonts }),
  )
}

/**
 * Satori wraps every element in an overflow mask the size of its box; nothing on a card
 * overflows, and each mask made resvg composite a full-card layer (half its raster time).
 */
function withoutOverflowMasks(svg: string): string {
  return svg.replace(/<mask id="satori_om[^"]*">[\s\S]*?<\/mask>/g, '').replace(/ mask="url\(#satori_om[^)]*\)"/g, '')
}

/** Puts the background under an SVG drawn by satori. */
export function withBackground(svg: string): string {
  return svg.replace(/^(<svg[^>]*>)/, `$1${background}`)
}

/**
 * RGBA pixels of an SVG (premultiplied alpha). Text arrives as paths, so resvg needs no system
 * fonts: loading them (its default) was 7 of the 8 ms it took to parse a card. The asynchronous
 * render, not `new Resvg().render()`: the synchronous one's image is memory V8 does not see, so
 * it is not collected (3 MB a card: a worker drawing 500 cards grew to gigabytes).
 */
export async function rasterize(svg: string): Promise<Uint8Array> {
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).pixels
}

/** The template of a site's cards, drawn and compressed once per site name (per worker thread). */
const templates = new Map<string, Promise<Template>>()

export function templateOf(siteName: string): Promise<Template> {
  let template = templates.get(siteName)
  if (!template) templates.set(siteName, (template = drawTemplate(siteName)))
  return template
}

async function drawTemplate(siteName: string): Promise<Template> {
  const runs = await templateRuns(siteName)
  const svg = runs
    ? `<svg width="${cardWidth}" height="${cardHeight}" viewBox="0 0 ${cardWidth} ${cardHeight}" ` +
      `xmlns="http://www.w3.org/2000/svg">${background}</svg>`
    : withBackground(await layerSvg({ title: '', section: '', version: '', siteName }, 'template'))
  const [rgba, text] = await Promise.all([rasterize(svg), runs ? drawRuns(runs) : null])
  const rowBytes = cardWidth * 3 + 1
  const rows = new Uint8Array(rowBytes * cardHeight)
  for (let row = 0; row < cardHeight; row++) {
    for (
      let from = row * cardWidth * 4, to = row * rowBytes + 1, end = to + cardWidth * 3;
      to < end;
      from += 4, to += 3
    ) {
      rows[to] = rgba[from]
      rows[to + 1] = rgba[from + 1]
      rows[to + 2] = rgba[from + 2]
    }
  }
  if (text) tintRows(rows, rowBytes, text)
  const encoder = new BandedPngEncoder(rows, cardWidth, cardHeight)
  return { rows, encoder, scratch: new Uint8Array(rows.length) }
}

/**
 * Each version's badge (its pill and text, premultiplied RGBA over its rows), drawn once per thread; null: satori draws
 * the page.
 */
const badges = new Map<string, Promise<(LayerPixels & { first: number; last: number }) | null>>()

function badgeOf(version: string): Promise<(LayerPixels & { first: number; last: number }) | null> {
  let badge = badges.get(version)
  if (!badge) badges.set(version, (badge = drawBadge(version)))
  return badge
}

async function drawBadge(version: string): Promise<(LayerPixels & { first: number; last: number }) | null> {
  const drawing = await badgeDrawing(version)
  if (!drawing) return null
  const { left, top, width, height } = drawing.pill
  const pill =
    `<svg width="${cardWidth}" height="${height}" viewBox="0 ${top} ${cardWidth} ${height}" ` +
    `xmlns="http://www.w3.org/2000/svg"><rect x="${left}" y="${top}" width="${width}" height="${height}" ` +
    `rx="${height / 2}" fill="${drawing.colour}"/></svg>`
  const [rgba, text] = await Promise.all([rasterize(pill), drawRuns(drawing.runs)])
  const layer = { rgba, firstRow: top, first: top, last: top + height - 1 }
  tintLayer(layer, text)
  return layer
}

/** The page's section, title and badge from the atlas, or null: satori draws them. */
async function drawPage(content: CardContent): Promise<{ text: TextCoverage; badge: LayerPixels } | null> {
  const [runs, badge] = await Promise.all([pageRuns(content), badgeOf(content.version)])
  if (!runs || !badge) return null
  const text = await drawRuns(runs)
  // Layers are composited one after the other: the text must not reach the badge's rows.
  return text.last < badge.first || badge.last < text.first ? { text, badge } : null
}

/** Renders one Open Graph card (1200x630 PNG): site name, section, title, version. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const [template, page] = await Promise.all([templateOf(content.siteName), drawPage(content)])
  const layers = page ? [page.badge] : [{ rgba: await rasterize(await layerSvg(content, 'page')), firstRow: 0 }]
  const { rows, changed } = compositeCard(template, page?.text ?? null, layers)
  return template.encoder.encodeRows(rows, changed)
}

/**
 * Warms a thread before its first cards: parses the fonts, starts HarfBuzz and resvg and draws a
 * line of text from the atlas (no template: the site's name is not known yet, and drawing one for
 * another name is thrown away).
 */
export async function warmUp(): Promise<void> {
  const runs = await pageRuns({ title: 'Title', section: 'Section', version: '1.x', siteName: 'Site' })
  if (runs) await drawRuns(runs)
}

/** Draws a worker's share of cards, one after the other; the PNGs come back in the order of `contents`. */
export async function renderCards(contents: CardContent[]): Promise<Buffer[]> {
  const cards: Buffer[] = []
  for (const content of contents) cards.push(await renderCard(content))
  return cards
}
