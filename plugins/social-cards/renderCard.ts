import fs from 'node:fs'
import { createRequire } from 'node:module'
import { renderAsync } from '@resvg/resvg-js'
import satori from 'satori'
import { compositeCard, type LayerPixels, type Template } from './cardCompositor.ts'
import { cardFonts } from './cardFonts.ts'
import { cardHeight, cardWidth } from './cardSize.ts'
import { layoutText, lineMetrics, plainText } from './cardTextLayout.ts'
import { BandedPngEncoder } from './encodePng.ts'
import { drawRuns, type ColouredRun, type TextCoverage } from './glyphAtlas.ts'

export interface CardContent {
  title: string
  section: string
  version: string
  siteName: string
}

const require = createRequire(import.meta.url)
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined

function loadFonts() {
  fonts ??= [400, 700].map((weight) => ({
    name: 'Inter',
    data: fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight: weight as 400 | 700,
    style: 'normal' as const,
  }))
  return fonts
}

type Node = { type: string; key?: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } }
const h = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string, key?: string): Node => ({ type, ...(key ? { key } : {}), props: { style, children } })
/** Keys of the elements the page's layers draw, whose boxes the drawing reports (see drawLayer). */
const textPart = 'sheaf-card-text'
const badgePart = 'sheaf-card-badge'

/**
 * A card is drawn in two layers with one layout: the template (the background gradient, the site
 * name and "Documentation", the same on every card of a site) and the page's own text (section,
 * title, version). Each layer lays out the whole card, with the other layer's parts at opacity 0:
 * satori keeps their boxes (so everything sits where it would in one drawing) and draws nothing.
 */
type Layer = 'template' | 'page' | 'whole' | PagePart
/**
 * The page layer's two parts, each also drawn alone (see drawPageParts): the section and title
 * (the same on a page's card in every version of a site) and the version badge (the same on
 * every card of a version).
 */
type PagePart = 'text' | 'badge'

function cardTree(content: CardContent, layer: Layer, keepHiddenText: boolean): Node {
  const shown = (part: 'template' | PagePart) => layer === 'whole' || layer === part || (layer === 'page' && part !== 'template')
  const only = (part: 'template' | PagePart) => (shown(part) ? {} : { opacity: 0 })
  // The template's texts, hidden in the page layer, keep only their line boxes there: one letter
  // makes the same boxes (a line's height is the font's, and the footer's parts sit at its two
  // ends whatever their widths) without shaping the words, a quarter of a card's drawing time.
  // Only a text that surely takes one line: one that wraps makes a taller box. In the badge's
  // layer the section and title are one letter too, whatever their length: where the badge lands
  // then is checked against the text's layer (see drawPageParts).
  const hiddenText = (text: string, fontSize: number, part: 'template' | PagePart) =>
    layer !== 'whole' && !shown(part) && !keepHiddenText && ((layer === 'badge' && part === 'text') || fitsOneLine(text, fontSize)) ? 'x' : text
  const templateText = (text: string, fontSize: number) => hiddenText(text, fontSize, 'template')
  return h('div', { width: cardWidth, height: cardHeight, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: cardPadding, color: '#f8fafc', fontFamily: 'Inter' }, [
    h('div', { display: 'flex', alignItems: 'center', fontSize: 32, fontWeight: 700, color: '#5eead4', ...only('template') }, templateText(content.siteName, 32)),
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h('div', { display: 'flex', fontSize: 30, color: '#99f6e4', marginBottom: 16, ...only('text') }, hiddenText(content.section, 30, 'text'), textPart),
      h('div', { display: 'flex', fontSize: content.title.length > 40 ? 64 : 80, fontWeight: 700, lineHeight: 1.1, ...only('text') }, hiddenText(content.title, content.title.length > 40 ? 64 : 80, 'text'), textPart),
    ]),
    h('div', { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: '#cbd5e1' }, [
      h('div', { display: 'flex', ...only('template') }, templateText('Documentation', 28)),
      h('div', { display: 'flex', padding: '6px 18px', borderRadius: 999, background: '#0d9488', color: '#f0fdfa', fontWeight: 700, ...only('badge') }, hiddenText(content.version || 'docs', 28, 'badge'), badgePart),
    ]),
  ])
}

/** The widest printable ASCII glyph of the card's fonts (Inter Bold's W), in ems. */
const widestAsciiGlyph = 1.04
const cardPadding = 72
const textWidth = cardWidth - 2 * cardPadding

/** Printable ASCII, not blank, and narrower than the card's text width even if every letter were the widest. */
function fitsOneLine(text: string, fontSize: number): boolean {
  return /^[\x20-\x7e]*$/.test(text) && /\S/.test(text) && text.length * fontSize * widestAsciiGlyph <= textWidth
}

/**
 * The section and title of a card as runs of glyphs where satori would draw them (the layout of
 * cardTree: the site name's line at the top, the footer at the bottom, the section and title
 * between them, the space left shared above and below), or null where that layout is not sure
 * to be satori's: text the model does not cover (cardTextLayout.ts, plainText), a site name or a
 * badge that might wrap, or more text than the card holds (satori would shrink or overflow).
 */
export async function atlasRuns(content: CardContent): Promise<ColouredRun[] | null> {
  const { regular, bold } = await cardFonts()
  const titleSize = content.title.length > 40 ? 64 : 80
  const badge = content.version || 'docs'
  if (!plainText(content.siteName, bold) || !fitsOneLine(content.siteName, 32) || !plainText(badge, bold) || !fitsOneLine(badge, 28)) return null
  if (!plainText(content.section, regular) || !plainText(content.title, bold)) return null
  const siteLine = lineMetrics(bold, 32, 'normal').height
  // The footer: "Documentation" and the badge (its text's line and 6 px of padding above and below).
  const footer = Math.max(lineMetrics(regular, 28, 'normal').height, lineMetrics(bold, 28, 'normal').height + 12)
  const section = layoutText(content.section, regular, 30, 'normal', cardPadding, 0, textWidth)
  const title = layoutText(content.title, bold, titleSize, 1.1, cardPadding, 0, textWidth)
  const free = cardHeight - 2 * cardPadding - siteLine - footer - (section.height + sectionGap + title.height)
  if (free < 0) return null
  // The layout engine rounds boxes to whole pixels.
  const top = Math.round(cardPadding + siteLine + free / 2)
  return [
    ...section.runs.map((run) => ({ ...run, y: run.y + top, colour: sectionColour })),
    ...title.runs.map((run) => ({ ...run, y: run.y + top + section.height + sectionGap, colour: titleColour })),
  ]
}

const sectionGap = 16
const sectionColour: [number, number, number] = [0x99, 0xf6, 0xe4]
const titleColour: [number, number, number] = [0xf8, 0xfa, 0xfc]

/** The background: a native SVG gradient (satori draws a CSS gradient as a pattern, which resvg rasterises slowly). */
const background = `<defs><linearGradient id="sheaf-card-background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#134e4a"/></linearGradient></defs><rect width="${cardWidth}" height="${cardHeight}" fill="url(#sheaf-card-background)"/>`

/**
 * Satori wraps every element in an overflow mask the size of its box; nothing on a card
 * overflows, and each mask made resvg composite a full-card layer (half its raster time).
 */
function withoutOverflowMasks(svg: string): string {
  return svg.replace(/<mask id="satori_om[^"]*">[\s\S]*?<\/mask>/g, '').replace(/ mask="url\(#satori_om[^)]*\)"/g, '')
}

/**
 * The SVG of one layer of a card, over no background (`whole`: both layers, as satori draws them
 * with `keepMasks`: the drawing a card is compared with in tests; `keepHiddenText`: the page layer
 * with the template's words, not one letter each, as tests compare it).
 */
export async function layerSvg(content: CardContent, layer: Layer, keepMasks = false, keepHiddenText = false): Promise<string> {
  return (await drawLayer(content, layer, keepMasks, keepHiddenText)).svg
}

/** A box satori laid out: its rows, and its right edge. */
interface Box {
  top: number
  bottom: number
  right: number
}

/** A layer's SVG, and the union of the boxes of the elements of each part (those keyed textPart and badgePart). */
async function drawLayer(content: CardContent, layer: Layer, keepMasks = false, keepHiddenText = false): Promise<{ svg: string; boxes: Partial<Record<PagePart, Box>> }> {
  const boxes: Partial<Record<PagePart, Box>> = {}
  const onNodeDetected = (node: { key?: string | number; left: number; top: number; width: number; height: number }) => {
    const part = node.key === textPart ? 'text' : node.key === badgePart ? 'badge' : null
    if (!part) return
    const box = boxes[part]
    boxes[part] = { top: Math.min(box?.top ?? cardHeight, node.top), bottom: Math.max(box?.bottom ?? 0, node.top + node.height), right: Math.max(box?.right ?? 0, node.left + node.width) }
  }
  const svg = await satori(cardTree(content, layer, keepHiddenText) as never, { width: cardWidth, height: cardHeight, fonts: loadFonts(), onNodeDetected })
  return { svg: keepMasks ? svg : withoutOverflowMasks(svg), boxes }
}

/** Rows around a layer's boxes that are rasterised too: glyphs reach past their line boxes (a few pixels at 80 px). */
const cropMargin = 24


/**
 * A layer's pixels, rasterised only over the rows its boxes span (with a margin): the rest of
 * the card is the template's. About half the card's height for the whole page layer: half the
 * raster and its 3 MB buffer a card. When a glyph reaches the crop's first or last row (a font
 * that overshoots more than the margin), the whole card is rasterised instead: the crop never
 * cuts a drawing.
 */
async function rasterizeRows(svg: string, boxes: Box[]): Promise<LayerPixels> {
  const firstRow = Math.max(0, Math.floor(Math.min(...boxes.map((box) => box.top))) - cropMargin)
  const endRow = Math.min(cardHeight, Math.ceil(Math.max(...boxes.map((box) => box.bottom))) + cropMargin)
  const root = `<svg width="${cardWidth}" height="${cardHeight}" viewBox="0 0 ${cardWidth} ${cardHeight}"`
  if (boxes.length > 0 && endRow > firstRow && (firstRow > 0 || endRow < cardHeight) && svg.startsWith(root)) {
    const rows = endRow - firstRow
    const rgba = await rasterize(`<svg width="${cardWidth}" height="${rows}" viewBox="0 ${firstRow} ${cardWidth} ${rows}"${svg.slice(root.length)}`)
    const rowBytes = cardWidth * 4
    const clear = (row: number) => Buffer.compare(rgba.subarray(row * rowBytes, (row + 1) * rowBytes), emptyRow) === 0
    if (rgba.length === rows * rowBytes && (firstRow === 0 || clear(0)) && (endRow === cardHeight || clear(rows - 1))) return { rgba, firstRow }
  }
  return { rgba: await rasterize(svg), firstRow: 0 }
}

/** The whole page layer (section, title and badge in one drawing). */
async function rasterizePageLayer(content: CardContent): Promise<LayerPixels[]> {
  const { svg, boxes } = await drawLayer(content, 'page')
  return [await rasterizeRows(svg, Object.values(boxes))]
}

/** The badge drawn alone: its pixels, and the rows it draws on (none: first > last). */
interface DrawnBadge {
  pixels: LayerPixels
  first: number
  last: number
}

async function drawBadge(content: CardContent): Promise<DrawnBadge | null> {
  const { svg, boxes } = await drawLayer(content, 'badge')
  if (!boxes.badge) return null
  const pixels = await rasterizeRows(svg, [boxes.badge])
  const rowBytes = cardWidth * 4
  let first = cardHeight
  let last = -1
  for (let row = 0; row * rowBytes < pixels.rgba.length; row++) {
    if (Buffer.compare(pixels.rgba.subarray(row * rowBytes, (row + 1) * rowBytes), emptyRow) === 0) continue
    first = Math.min(first, pixels.firstRow + row)
    last = pixels.firstRow + row
  }
  return { pixels, first, last }
}

/** Each version's badge, drawn once per worker (the same on every card of the version). */
const drawnBadges = new Map<string, Promise<DrawnBadge | null>>()

/**
 * The page layer from the glyph atlas: the section and title drawn from rasterised glyphs where
 * satori would lay them out (atlasRuns), over the version's badge drawn once. The two are
 * composited one after the other, which is compositing them together as long as they draw on
 * different rows (checked; a title long enough to reach the footer is drawn by satori). The
 * badge sits where the whole layout puts it: atlasRuns takes only text that leaves the footer at
 * the bottom of the card. Null: satori draws the card.
 */
async function drawFromAtlas(content: CardContent): Promise<{ text: TextCoverage; layers: LayerPixels[] } | null> {
  const runs = await atlasRuns(content)
  if (!runs) return null
  const badgeKey = JSON.stringify([content.siteName, content.version])
  let badge = drawnBadges.get(badgeKey)
  if (!badge) drawnBadges.set(badgeKey, (badge = drawBadge(content)))
  const [text, drawnBadge] = await Promise.all([drawRuns(runs), badge])
  if (!drawnBadge) return null
  const apart = text.last < drawnBadge.first || drawnBadge.last < text.first
  return apart ? { text, layers: [drawnBadge.pixels] } : null
}

/** Draws a worker's share of cards, one after the other; the PNGs come back in the order of `contents`. */
export async function renderCards(contents: CardContent[]): Promise<Buffer[]> {
  const cards: Buffer[] = []
  for (const content of contents) cards.push(await renderCard(content))
  return cards
}

/** Puts the background under an SVG drawn by satori. */
export function withBackground(svg: string): string {
  return svg.replace(/^(<svg[^>]*>)/, `$1${background}`)
}

/**
 * RGBA pixels of an SVG. Text arrives as paths (satori shapes it with the card's own fonts), so
 * resvg needs no system fonts: loading them (its default) was 7 of the 8 ms it took to parse a card.
 * The asynchronous render, not `new Resvg().render()`: the synchronous one's image is memory V8
 * does not see, so it is not collected (3 MB a card: a worker drawing 500 cards grew to gigabytes).
 */
export async function rasterize(svg: string): Promise<Uint8Array> {
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).pixels
}

/** The template of a site's cards, drawn and compressed once per site name (per worker thread). */
const templates = new Map<string, Promise<Template>>()

export function templateOf(siteName: string): Promise<Template> {
  let template = templates.get(siteName)
  if (!template) {
    template = layerSvg({ title: '', section: '', version: '', siteName }, 'template').then(async (svg) => {
      const rgba = await rasterize(withBackground(svg))
      const rgb = new Uint8Array(cardWidth * cardHeight * 3)
      for (let from = 0, to = 0; to < rgb.length; from += 4, to += 3) {
        rgb[to] = rgba[from]
        rgb[to + 1] = rgba[from + 1]
        rgb[to + 2] = rgba[from + 2]
      }
      const encoder = new BandedPngEncoder(rgb, cardWidth, cardHeight)
      const rows = encoder.toRows(rgb)
      return { rows, encoder, scratch: new Uint8Array(rows.length) }
    })
    templates.set(siteName, template)
  }
  return template
}

const emptyRow = new Uint8Array(cardWidth * 4)

/** Renders one Open Graph card (1200x630 PNG): site name, section, title, version. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const template = await templateOf(content.siteName)
  const drawn = (await drawFromAtlas(content)) ?? { text: null, layers: await rasterizePageLayer(content) }
  const { rows, changed } = compositeCard(template, drawn.text, drawn.layers)
  return template.encoder.encodeRows(rows, changed)
}
