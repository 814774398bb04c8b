import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import type { VFile } from 'vfile'
import { walk } from './walk.ts'
import type { CodeHighlighter } from './highlighter.ts'
import { parseCodeTitle, parseLineRanges } from './lineRanges.ts'

interface Options {
  highlighter: CodeHighlighter
}

/**
 * Highlights `pre > code` with shiki at build time (light and dark colours as
 * CSS variables, so switching theme never re-highlights) and replaces the
 * block with a `code-block` element the theme renders: language, title and
 * highlighted lines from the meta (`title="a.ts" {1,3-5}`).
 */
export default function rehypeCodeBlocks(options: Options) {
  const { highlighter } = options
  const themes = `${highlighter.themes.light}\0${highlighter.themes.dark}`
  // Docs repeat snippets (install commands, setup files): highlight each distinct one once.
  const highlighted = new Map<string, string>()
  return async (tree: Root, file: VFile) => {
    const blocks: { node: Element; code: Element }[] = []
    walk<Element>(tree, 'element', (node) => {
      if (node.tagName !== 'pre') return
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code')
      if (code) blocks.push({ node, code })
    })
    for (const { node, code } of blocks) {
      const className = (code.properties.className as string[] | undefined) ?? []
      const requested = className.find((name) => String(name).startsWith('language-'))?.slice('language-'.length) ?? ''
      const meta = (code.properties.dataMeta as string | undefined) ?? ''
      const source = toString(code).replace(/\n$/, '')
      let lang = requested ? highlighter.resolveLanguage(requested) : 'text'
      if (lang === null) {
        file.message(`Unknown code language \`${requested}\`; the block is shown without highlighting.`, node)
        lang = 'text'
      }
      const highlightedLines = parseLineRanges(meta)
      const cacheKey = `${themes}\0${lang}\0${[...highlightedLines].join(',')}\0${source}`
      const title = parseCodeTitle(meta)
      const html = highlighted.get(cacheKey) ?? (await highlighter.highlight(source, lang, highlightedLines))
      if (highlighted.size > 5000) highlighted.clear()
      highlighted.set(cacheKey, html)
      const replacement: Element = {
        type: 'element',
        tagName: 'code-block',
        properties: {
          lang: requested || 'text',
          ...(title ? { title } : {}),
          // Highlighted HTML travels as one string: far smaller page data than a token tree.
          html,
        },
        children: [],
        position: node.position,
      }
      Object.assign(node, replacement)
    }
  }
}
