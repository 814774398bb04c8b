import { SheafError } from '../errors.ts'
import { staticQueryId } from '../shared/staticQueryId.ts'

/**
 * A static query written in a module: ``useStaticQuery(graphql`…`)``, or a graphql`…` kept in a
 * constant for it.
 */
export interface FoundStaticQuery {
  /** The query as written between the backticks. */
  text: string
  /** Its id (see staticQueryId): the key of its result. */
  id: string
  /** Where it is written, for errors: `file:line:column`. */
  file: string
  line: number
  column: number
}

/** Every graphql`…` tagged template: the tag, then the text up to the closing backtick. */
const taggedTemplate = /\bgraphql\s*`([^`]*)`/g
/** What makes a tagged template a page query instead: `export const query =` (with a type, if any) right before it. */
const pageQueryExport = /export\s+const\s+query\s*(?::[^=]+)?=\s*$/

/**
 * The static queries of one module's source, found as Gatsby finds them (statically, without
 * running the module): every graphql`…` template except the module's page query (`export const
 * query = graphql\`…\``), which runs per page with its variables. A template in a comment is not
 * a query. One with an interpolation (`${…}`) is refused with its place: the build cannot know the
 * query it would make.
 */
export function findStaticQueries(source: string, file: string): FoundStaticQuery[] {
  if (!source.includes('graphql')) return []
  const comments = commentRanges(source)
  const found: FoundStaticQuery[] = []
  for (const match of source.matchAll(taggedTemplate)) {
    const at = match.index
    if (inRanges(at, comments)) continue
    if (pageQueryExport.test(source.slice(Math.max(0, at - 200), at))) continue
    const text = match[1]
    const { line, column } = position(source, at)
    if (text.includes('${')) {
      throw new SheafError(
        'A graphql`…` query interpolates a value (`${…}`): a static query must be written out whole.',
        {
          file,
          line,
          column,
          hint: 'write the query as one literal text; a static query takes no variables.',
        },
      )
    }
    found.push({ text, id: staticQueryId(text), file, line, column })
  }
  return found
}

/** The `//` and `/* … *\/` comments of a source (a rough scan: enough to skip a commented-out query). */
function commentRanges(source: string): [number, number][] {
  const ranges: [number, number][] = []
  const comment = /\/\*[\s\S]*?(?:\*\/|$)|(?<![:\\])\/\/[^\n]*/g
  for (const match of source.matchAll(comment)) ranges.push([match.index, match.index + match[0].length])
  return ranges
}

function inRanges(at: number, ranges: [number, number][]): boolean {
  return ranges.some(([start, end]) => at >= start && at < end)
}

/** 1-based line and column of an offset. */
function position(source: string, at: number): { line: number; column: number } {
  const before = source.slice(0, at)
  const line = before.split('\n').length
  return { line, column: at - before.lastIndexOf('\n') }
}
