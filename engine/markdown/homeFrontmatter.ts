import * as v from 'valibot'
import { SheafError } from '../errors.ts'
import type { LineOfField } from './heroFrontmatter.ts'

/**
 * The home page's features and footer message (`pageType: home`, as Rspress writes them; the
 * hero is heroFrontmatter.ts's). A theme puts these values into the page, some into `style` (a feature's
 * `span` becomes its grid column count), so each is typed here, at build time, with the line:
 * a `span: "4;position:fixed;inset:0"` would otherwise turn a card into a full-page link.
 */
const text = v.string()

/** Columns out of 12 (SPEC: default 4): a whole number, never text that could carry more CSS. */
const span = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))

const feature = v.object({
  title: text,
  details: v.optional(text),
  icon: v.optional(v.string()),
  link: v.optional(v.string()),
  span: v.optional(span),
})

// The hero is checked by heroFrontmatter.ts, which the processor runs first.
const homeFrontmatter = v.object({
  features: v.optional(v.array(feature)),
  footerMessage: v.optional(text),
})

const hints: Record<string, string> = {
  span: 'write a whole number of columns from 1 to 12, e.g. `span: 6`.',
  link: 'write a route or URL as text, e.g. `link: /docs/start`.',
  features: 'write a list of `{ title, details?, icon?, link?, span? }` items.',
}

/** Checks a home page's features and footer message; throws a SheafError at the field's line. */
export function assertHomeFrontmatter(data: Record<string, unknown>, file: string, lineOf: LineOfField): void {
  if (data.pageType !== 'home') return
  const result = v.safeParse(homeFrontmatter, data)
  if (result.success) return
  const issue = result.issues[0]
  const path = (issue.path ?? []).map((item) => item.key as string | number)
  const field = path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index ? `.${key}` : key)).join('')
  const last = [...path].reverse().find((key): key is string => typeof key === 'string') ?? 'features'
  throw new SheafError(`The home page's front-matter field \`${field}\` ${describe(issue)}.`, {
    file,
    line: lineOfNearest(lineOf, path),
    column: 1,
    hint:
      hints[last] ?? 'write text, quoted if it contains `:` (see the home page fields in docs/content-conventions.md).',
  })
}

function describe(issue: v.BaseIssue<unknown>): string {
  const got = issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)?.slice(0, 80)
  return `must be ${issue.expected ?? 'valid'}, got ${got}`
}

/** The line of the value at `path`, or of its nearest parent written in the file. */
function lineOfNearest(lineOf: LineOfField, path: readonly (string | number)[]): number {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const line = lineOf(path.slice(0, depth))
    if (line !== undefined) return line
  }
  return 1
}
