import { cardFonts, type CardFont } from './cardFonts.ts'
import { cardHeight, cardWidth } from './cardSize.ts'
import { layoutText, lineMetrics, plainText } from './cardTextLayout.ts'
import type { ColouredRun } from './glyphAtlas.ts'

/**
 * The card's design, twice: as the element tree satori lays out (cardTree: the fallback, and
 * the reference tests compare with), and as where that layout puts each part, worked out here
 * for the glyph atlas to draw without satori (templateRuns, badgeDrawing, pageRuns). The second
 * follows the first's flexbox: a column `space-between` inside 72 px of padding, the site name's
 * line at the top, the footer ("Documentation" and the version badge) at the bottom, the section
 * and title in the middle. Where it is not sure to match (text the layout model does not cover,
 * a site name or badge that wraps, more text than the card holds, where satori would shrink or
 * overflow boxes), it returns null and satori draws that part.
 */

export interface CardContent {
  title: string
  section: string
  version: string
  siteName: string
}

type Rgb = [number, number, number]
const padding = 72
const textWidth = cardWidth - 2 * padding
const colours = {
  text: '#f8fafc',
  siteName: '#5eead4',
  section: '#99f6e4',
  footer: '#cbd5e1',
  badge: '#0d9488',
  badgeText: '#f0fdfa',
}
const sectionGap = 16
const badgePadding = { vertical: 6, horizontal: 18 }
const titleSize = (title: string) => (title.length > 40 ? 64 : 80)

/** The background: a native SVG gradient (satori draws a CSS gradient as a pattern, which resvg rasterises slowly). */
export const background =
  `<defs><linearGradient id="sheaf-card-background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" ` +
  `stop-color="#0f172a"/><stop offset="1" stop-color="#134e4a"/></linearGradient></defs><rect ` +
  `width="${cardWidth}" height="${cardHeight}" fill="url(#sheaf-card-background)"/>`

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } }
const h = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({
  type,
  props: { style, children },
})

/**
 * The card as satori lays it out, over no background (see `background`): `template`, the parts
 * every card of a site shares (site name, "Documentation"); `page`, the page's own (section,
 * title, badge); `whole`, both. A layer keeps the other's parts at opacity 0, so everything sits
 * where it would in one drawing.
 */
export function cardTree(content: CardContent, layer: 'template' | 'page' | 'whole'): Node {
  const only = (part: 'template' | 'page') => (layer === 'whole' || layer === part ? {} : { opacity: 0 })
  return h(
    'div',
    {
      width: cardWidth,
      height: cardHeight,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding,
      color: colours.text,
      fontFamily: 'Inter',
    },
    [
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          fontSize: 32,
          fontWeight: 700,
          color: colours.siteName,
          ...only('template'),
        },
        content.siteName,
      ),
      h('div', { display: 'flex', flexDirection: 'column' }, [
        h(
          'div',
          { display: 'flex', fontSize: 30, color: colours.section, marginBottom: sectionGap, ...only('page') },
          content.section,
        ),
        h(
          'div',
          { display: 'flex', fontSize: titleSize(content.title), fontWeight: 700, lineHeight: 1.1, ...only('page') },
          content.title,
        ),
      ]),
      h('div', { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: colours.footer }, [
        h('div', { display: 'flex', ...only('template') }, 'Documentation'),
        h(
          'div',
          {
            display: 'flex',
            padding: `${badgePadding.vertical}px ${badgePadding.horizontal}px`,
            borderRadius: 999,
            background: colours.badge,
            color: colours.badgeText,
            fontWeight: 700,
            ...only('page'),
          },
          content.version || 'docs',
        ),
      ]),
    ],
  )
}

const rgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb
const tinted = (runs: { runs: Omit<ColouredRun, 'colour'>[] }, colour: string): ColouredRun[] =>
  runs.runs.map((run) => ({ ...run, colour: rgb(colour) }))

/** One line of `text` at (left, top), or null when it is not plain or would wrap. */
function oneLine(text: string, font: CardFont, fontSize: number, left: number, top: number) {
  if (!plainText(text, font)) return null
  const block = layoutText(text, font, fontSize, 'normal', left, top, textWidth)
  return block.lines === 1 ? block : null
}

/**
 * The footer's top and height: "Documentation"'s line beside the badge (its text's line and its padding), stretched to
 * the taller.
 */
function footerBox(regular: CardFont, bold: CardFont): { top: number; height: number } {
  const height = Math.max(
    lineMetrics(regular, 28, 'normal').height,
    lineMetrics(bold, 28, 'normal').height + 2 * badgePadding.vertical,
  )
  return { top: cardHeight - padding - height, height }
}

/** The template's text (site name, "Documentation"), or null: satori draws the template. */
export async function templateRuns(siteName: string): Promise<ColouredRun[] | null> {
  const { regular, bold } = await cardFonts()
  const name = oneLine(siteName, bold, 32, padding, padding)
  if (!name) return null
  const footer = oneLine('Documentation', regular, 28, padding, footerBox(regular, bold).top) as NonNullable<
    ReturnType<typeof oneLine>
  >
  return [...tinted(name, colours.siteName), ...tinted(footer, colours.footer)]
}

/** The version badge: its pill (a box with fully rounded ends) and its text, or null: satori draws the page. */
export async function badgeDrawing(version: string): Promise<{
  pill: { left: number; top: number; width: number; height: number }
  colour: string
  runs: ColouredRun[]
} | null> {
  const { regular, bold } = await cardFonts()
  const { top, height } = footerBox(regular, bold)
  const text = version || 'docs'
  const measured = oneLine(text, bold, 28, 0, 0)
  if (!measured) return null
  // The badge sits at the footer's right end, as wide as its text (measured up to a whole pixel,
  // as satori sizes a text box) and its padding.
  const left = cardWidth - padding - Math.ceil(measured.width) - 2 * badgePadding.horizontal
  const line = oneLine(text, bold, 28, left + badgePadding.horizontal, top + badgePadding.vertical)
  if (!line) return null
  return {
    pill: { left, top, width: cardWidth - padding - left, height },
    colour: colours.badge,
    runs: tinted(line, colours.badgeText),
  }
}

/** The section and title, or null: satori draws the page. */
export async function pageRuns(content: CardContent): Promise<ColouredRun[] | null> {
  const { regular, bold } = await cardFonts()
  // The middle block's place depends on the site name's line and the badge's: each must take one.
  if (!oneLine(content.siteName, bold, 32, 0, 0) || !oneLine(content.version || 'docs', bold, 28, 0, 0)) return null
  if (!plainText(content.section, regular) || !plainText(content.title, bold)) return null
  const siteLine = lineMetrics(bold, 32, 'normal').height
  const section = layoutText(content.section, regular, 30, 'normal', padding, 0, textWidth)
  const title = layoutText(content.title, bold, titleSize(content.title), 1.1, padding, 0, textWidth)
  const free =
    cardHeight - 2 * padding - siteLine - footerBox(regular, bold).height - (section.height + sectionGap + title.height)
  if (free < 0) return null
  // `space-between`: the middle block shares the free space above and below; the layout engine rounds it to whole
  // pixels.
  const top = Math.round(padding + siteLine + free / 2)
  const down = (runs: ColouredRun[], by: number) => runs.map((run) => ({ ...run, y: run.y + by }))
  return [
    ...down(tinted(section, colours.section), top),
    ...down(tinted(title, colours.text), top + section.height + sectionGap),
  ]
}
