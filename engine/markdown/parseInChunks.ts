import type { Root } from 'mdast'
import { visit } from 'unist-util-visit'
import { fenceRoles, FenceRole } from './fenceScanner.ts'

/** Files above this size are parsed in chunks: micromark slows down more than linearly on huge documents. */
export const chunkedParseThreshold = 256 * 1024

const headingRE = /^#{1,6}\s/
const containerRE = /^\s{0,3}:{3,}/
const definitionRE = /^\s{0,3}\[[^\]]+\]:\s/

/**
 * Parses a large document as independent chunks split before top-level
 * headings (never inside code fences or containers), then joins the trees
 * with positions shifted back to the file's lines. Link reference
 * definitions are given to every chunk so references still resolve.
 */
export function parseInChunks(
  source: string,
  parse: (chunk: string) => Root,
  chunkSize = chunkedParseThreshold / 4,
): Root {
  const chunks = splitIntoChunks(source, chunkSize)
  return mergeChunkTrees(
    source,
    chunks,
    chunks.map((chunk) => parse(chunk.text)),
  )
}

export interface Chunk {
  /** 0-based line the chunk starts at. */
  start: number
  /** Offset of the chunk's first character. */
  offset: number
  /** The text to parse (with the document's link definitions appended after the first chunk). */
  text: string
}

/** Splits before top-level headings (never inside code fences or containers). */
export function splitIntoChunks(source: string, chunkSize = chunkedParseThreshold / 4): Chunk[] {
  const lines = source.split('\n')
  const definitions = lines.filter((line) => definitionRE.test(line)).join('\n')
  const chunks: Chunk[] = []
  let start = 0
  let offset = 0
  let size = 0
  const roles = fenceRoles(source, lines.length)
  let containers = 0
  let chunkOffset = 0
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    const fence = roles[index] !== FenceRole.Outside
    if (!fence && containerRE.test(line)) {
      containers += /^\s{0,3}:{3,}\s*$/.test(line) ? -1 : 1
      containers = Math.max(0, containers)
    }
    if (!fence && containers === 0 && headingRE.test(line) && size >= chunkSize && index > start) {
      chunks.push({ start, offset: chunkOffset, text: lines.slice(start, index).join('\n') })
      start = index
      chunkOffset = offset
      size = 0
    }
    size += line.length + 1
    offset += line.length + 1
  }
  chunks.push({ start, offset: chunkOffset, text: lines.slice(start).join('\n') })
  return chunks.map((chunk) =>
    definitions && chunk.start > 0 ? { ...chunk, text: `${chunk.text}\n\n${definitions}\n` } : chunk,
  )
}

/** Joins chunk trees into one, with positions shifted back to the file's lines and offsets. */
export function mergeChunkTrees(source: string, chunks: Chunk[], trees: Root[]): Root {
  const root: Root = { type: 'root', children: [] }
  for (const [index, chunk] of chunks.entries()) {
    const tree = trees[index]
    visit(tree, (node) => {
      if (!node.position) return
      node.position.start.line += chunk.start
      node.position.end.line += chunk.start
      if (node.position.start.offset !== undefined) node.position.start.offset += chunk.offset
      if (node.position.end.offset !== undefined) node.position.end.offset += chunk.offset
    })
    root.children.push(...tree.children)
  }
  root.position = {
    start: { line: 1, column: 1, offset: 0 },
    end: { line: source.split('\n').length, column: 1, offset: source.length },
  }
  return root
}
