import fs from 'node:fs'
import { createRequire } from 'node:module'
import { renderAsync } from '@resvg/resvg-js'
import satori from 'satori'
import { cardHeight, cardWidth } from './cardSize.ts'

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

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } }
const h = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({ type, props: { style, children } })

/** Renders one Open Graph card (1200x630 PNG): site name, section, title, version. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const tree = h('div', { width: cardWidth, height: cardHeight, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: 'linear-gradient(135deg, #0f172a 0%, #134e4a 100%)', color: '#f8fafc', fontFamily: 'Inter' }, [
    h('div', { display: 'flex', alignItems: 'center', fontSize: 32, fontWeight: 700, color: '#5eead4' }, content.siteName),
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h('div', { display: 'flex', fontSize: 30, color: '#99f6e4', marginBottom: 16 }, content.section),
      h('div', { display: 'flex', fontSize: content.title.length > 40 ? 64 : 80, fontWeight: 700, lineHeight: 1.1 }, content.title),
    ]),
    h('div', { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: '#cbd5e1' }, [h('div', { display: 'flex' }, 'Documentation'), h('div', { display: 'flex', padding: '6px 18px', borderRadius: 999, background: '#0d9488', color: '#f0fdfa', fontWeight: 700 }, content.version || 'docs')]),
  ])
  const svg = await satori(tree as never, { width: cardWidth, height: cardHeight, fonts: loadFonts() })
  // Rasterised on libuv's thread pool: the next card's layout (satori, JavaScript) runs meanwhile.
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: cardWidth } })
  return Buffer.from(image.asPng())
}
