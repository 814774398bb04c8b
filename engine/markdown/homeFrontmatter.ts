import * as v from 'valibot'
import { LineCounter, parseDocument } from 'yaml'
import { SheafError } from '../errors.ts'
import { frontmatterRE } from './frontmatter.ts'

/**
 * The home page's front-matter (`pageType: home`, as Rspress writes it): hero, features and
 * footer message. A theme puts these values into the page, some into `style` (a feature's
 * `span` becomes its grid column count), so each is typed here, at build time, with the line:
 * a `span: "4;position:fixed;inset:0"` would otherwise turn a card into a full-page link, and a
 * hero action's `link: [1]` crashed the render naming no file.
 */
const text = v.string()
const stringOrList = v.union([v.string(), v.array(v.string())])

const heroAction = v.object({ text, link: v.string(), theme: v.optional(v.picklist(['brand', 'alt'])) })

const hero = v.object({
  name: v.optional(text),
  text: v.optional(text),
  tagline: v.optional(text),
  image: v.optional(v.object({ src: v.string(), alt: v.optional(v.string()), srcset: v.optional(stringOrList), sizes: v.optional(stringOrList) })),
  actions: v.optional(v.array(heroAction)),
})

/** Columns out of 12 (SPEC: default 4): a whole number, never text that could carry more CSS. */
const span = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))

const feature = v.object({
  title: text,
  details: v.optional(text),
  icon: v.optional(v.string()),
  link: v.optional(v.string()),
  span: v.optional(span),
})

const homeFrontmatter = v.object({
  hero: v.optional(hero),
  features: v.optional(v.array(feature)),
  footerMessage: v.optional(text),
})

const hints: Record<string, string> = {
  span: 'write a whole number of columns from 1 to 12, e.g. `span: 6`.',
  link: 'write a route or URL as text, e.g. `link: /docs/start`.',
  theme: 'write `theme: brand` or `theme: alt`.',
  actions: 'write a list of `{ text, link }` items.',
  features: 'write a list of `{ title, details?, icon?, link?, span? }` items.',
}

/** Checks a home page's hero, features and footer message; throws a SheafError at the field's line. */
export function assertHomeFrontmatter(data: Record<string, unknown>, file: string, source: string): void {
  if (data.pageType !== 'home') return
  const result = v.safeParse(homeFrontmatter, data)
  if (result.success) return
  const issue = result.issues[0]
  const path = (issue.path ?? []).map((item) => item.key as string | number)
  const field = path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index ? `.${key}` : key)).join('')
  const last = [...path].reverse().find((key): key is string => typeof key === 'string') ?? 'features'
  throw new SheafError(`The home page's front-matter field \`${field}\` ${describe(issue)}.`, {
    file,
    // The front-matter's text starts on the file's second line, after `---`.
    line: 2 + lineOfPath(frontmatterRE.exec(source)?.[1] ?? '', path),
    column: 1,
    hint: hints[last] ?? 'write text, quoted if it contains `:` (see the home page fields in docs/content-conventions.md).',
  })
}

function describe(issue: v.BaseIssue<unknown>): string {
  const got = issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)?.slice(0, 80)
  return `must be ${issue.expected ?? 'valid'}, got ${got}`
}

/** The 0-based line, within the front-matter text, of the value at `path` (of its nearest present parent). */
function lineOfPath(frontmatterText: string, path: readonly (string | number)[]): number {
  const lineCounter = new LineCounter()
  const document = parseDocument(frontmatterText, { lineCounter, prettyErrors: false })
  for (let depth = path.length; depth > 0; depth -= 1) {
    const node = document.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined
    if (node?.range) return lineCounter.linePos(node.range[0]).line - 1
  }
  return 0
}
