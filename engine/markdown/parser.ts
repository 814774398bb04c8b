import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import remarkGfmGates from './gfmGates.ts'

/** The markdown (or MDX) parser: one definition, shared by the processor and the parse workers. */
export function createParser(mdx: boolean) {
  const base = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective)
  // Last: it wraps the parser and GFM's extensions (see gfmGates.ts).
  return (mdx ? base.use(remarkMdx) : base).use(remarkGfmGates)
}
