// A worker task that parses one chunk of a huge markdown file (see parallelParse.ts).
import type { Root } from 'mdast'
import { createParser } from './parser.ts'

export interface ParseJob {
  text: string
  mdx: boolean
}

const parsers = { md: createParser(false), mdx: createParser(true) }

export default function parseChunk(job: ParseJob): Root {
  return (job.mdx ? parsers.mdx : parsers.md).parse(job.text)
}
