import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** The markdown (or MDX) parser: one definition, shared by the processor and the parse workers. */
export function createParser(mdx: boolean) {
  const base = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective)
  return mdx ? base.use(remarkMdx) : base
}
