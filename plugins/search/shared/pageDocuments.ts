import type { IndexedPage, IndexedTocEntry, SectionDocument } from './types.ts'

/** The parts of a Page node the index reads. */
export interface SearchablePage {
  path: string
  title: string
  sections: { anchor: string; heading: string; depth: number; text: string }[]
  toc?: IndexedTocEntry[]
  domain?: string
}

/**
 * Turns one page into its index entry and its section documents. Text before
 * the first h2 (including an h1 section) is the page's first section: it
 * carries the title and links to the page itself. Every later heading starts
 * a section that links to `#anchor`.
 */
export function pageDocuments(
  page: SearchablePage,
  pageIndex: number,
  firstId: number,
): { page: IndexedPage; documents: SectionDocument[] } {
  const documents: SectionDocument[] = []
  const pieces: string[] = []
  let length = 0
  const append = (text: string): { start: number; end: number } => {
    if (!text) return { start: length, end: length }
    if (pieces.length) length += 1
    const start = length
    pieces.push(text)
    length += text.length
    return { start, end: length }
  }

  const introText = page.sections
    .filter((section, index) => section.depth < 2 && page.sections.slice(0, index).every((before) => before.depth < 2))
    .map((section) => section.text)
  const introContent = nfc(introText.filter(Boolean).join(' '))
  const intro = append(introContent)
  const title = nfc(page.title)
  documents.push({ id: firstId, page: pageIndex, anchor: '', title, header: '', content: introContent, ...intro })

  for (const section of page.sections.slice(introText.length)) {
    const text = nfc(section.text)
    const range = append(text)
    documents.push({
      id: firstId + documents.length,
      page: pageIndex,
      anchor: section.anchor,
      title: '',
      header: nfc(section.heading),
      content: text,
      ...range,
    })
  }
  return {
    page: { routePath: page.path, title, content: pieces.join('\n'), toc: page.toc ?? [], domain: page.domain ?? '' },
    documents,
  }
}

function nfc(text: string): string {
  return text.normalize('NFC')
}
