import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'
import { maxHighlightedLine, parseLineRanges } from '../../../../engine/markdown/lineRanges.ts'
import { maxNestingDepth } from '../../../../engine/markdown/nestingGuard.ts'
import { maxRawHtmlDepth } from '../../../../engine/markdown/rawHtmlDepth.ts'

// Hostile content that once overflowed the stack, ran for minutes or ran out of memory must fail
// fast with a located error (what, file:line, how to fix). The same way as brokenInputs.test.ts:
// each case is a site root under tests/fixtures/broken with the shared config; inputs too big to
// commit are written into a temporary site root there.

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const generated: string[] = []

afterEach(() => {
  for (const dir of generated.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function configOf(dir: string): string {
  return fs.existsSync(path.join(dir, 'config.ts')) ? 'config.ts' : '../config.ts'
}

function runBuild(dir: string): Promise<BuildResult> {
  return build(dir, { configFile: configOf(dir), write: false, sink: quiet, cache: false, workers: false })
}

/** The formatted error of a build that must fail, and how long it took. */
async function failure(dir: string): Promise<{ message: string; ms: number }> {
  const started = performance.now()
  const error = await runBuild(dir).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, `${path.basename(dir)} should fail`).not.toBeNull()
  return { message: formatError(error), ms: performance.now() - started }
}

/** A temporary site root beside the fixtures (so the shared config applies), removed after the test. */
function site(files: Record<string, string>, config?: string): string {
  const dir = fs.mkdtempSync(path.join(brokenDir, '.generated-'))
  generated.push(dir)
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'content', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'content', name), text)
  }
  if (config) fs.writeFileSync(path.join(dir, 'config.ts'), config)
  return dir
}

describe('deep nesting fails at its line, without a stack overflow', () => {
  const cases: [string, RegExp][] = [
    [
      'nesting-list-markers',
      /content\/index\.md:3:1\n {2}The lists here are nested more than 100 levels deep\.\n {2}Fix: /,
    ],
    [
      'nesting-quote-list',
      /content\/index\.md:5:1\n {2}The blockquotes here are nested more than 100 levels deep\.\n {2}Fix: /,
    ],
    [
      'nesting-html',
      /content\/index\.md:3:1\n {2}The HTML or MDX elements here are opened more than 256 levels inside each other\.\n {2}Fix: /,
    ],
    [
      'nesting-emphasis',
      /content\/index\.md:3:1\n {2}This paragraph holds more than 2000 `\*` and `_` characters[^\n]*\n {2}Fix: /,
    ],
    [
      'nesting-mdx',
      /content\/index\.mdx:259:1\n {2}The HTML or MDX elements here are opened more than 256 levels inside each other\.\n {2}Fix: /,
    ],
  ]
  for (const [name, expected] of cases) {
    it(`reports ${name}`, async () => {
      const { message } = await failure(path.join(brokenDir, name))
      expect(message).toMatch(expected)
    }, 20_000)
  }

  it('refuses `- ` x 10,000 on one line at once (it took 97 s)', async () => {
    const { message, ms } = await failure(site({ 'index.md': `# Deep\n\n${'- '.repeat(10_000)}x\n` }))
    expect(message).toMatch(/content\/index\.md:3:1\n {2}The lists here are nested more than 100 levels deep/)
    // The build itself (config, theme) takes about a second; the parse of this line took 97 s.
    expect(ms).toBeLessThan(15_000)
  }, 30_000)

  it('refuses nested footnotes and ::: containers at once (500 levels took 19 s and 28 s)', async () => {
    const footnotes = Array.from({ length: 500 }, (_, level) => `${'    '.repeat(level)}[^n${level}]: note`).join('\n')
    const notes = await failure(site({ 'index.md': `# F\n\nText[^n0].\n\n${footnotes}\n` }))
    expect(notes.message).toMatch(
      /content\/index\.md:105:1\n {2}The footnotes here are nested more than 100 levels deep/,
    )
    expect(notes.ms).toBeLessThan(15_000)
    const opening = Array.from({ length: 500 }, (_, level) => `${':'.repeat(503 - level)}tip`).join('\n')
    const closing = Array.from({ length: 500 }, (_, level) => ':'.repeat(level + 4)).join('\n')
    const containers = await failure(site({ 'index.md': `# C\n\n${opening}\nx\n${closing}\n` }))
    expect(containers.message).toMatch(
      /content\/index\.md:103:1\n {2}The containers \(`:::`\) here are nested more than 100 levels deep/,
    )
    expect(containers.ms).toBeLessThan(15_000)
  }, 30_000)

  it('refuses paragraphs whose emphasis or link brackets would take quadratic time', async () => {
    const emphasis = await failure(site({ 'index.md': `# E\n\n${'*a '.repeat(3000)}b${' a*'.repeat(3000)}\n` }))
    expect(emphasis.message).toMatch(/content\/index\.md:3:1\n {2}This paragraph holds more than 2000 `\*` and `_`/)
    const links = await failure(site({ 'index.md': `# L\n\n${'[a '.repeat(3000)}x${'](u)'.repeat(3000)}\n` }))
    expect(links.message).toMatch(/content\/index\.md:3:1\n {2}This paragraph holds more than 1000 `\[` characters/)
  }, 30_000)

  it('refuses MDX expressions with more braces than the parser handles in reasonable time', async () => {
    // The MDX parser re-parses an expression at every `}`: 5,000 of these took 64 s.
    const { message } = await failure(
      site({ 'index.mdx': `# P\n\ntext\n\n<Tabs values={[${'{ label: "a" },'.repeat(1000)}]}>\n</Tabs>\n` }),
    )
    expect(message).toMatch(
      /content\/index\.mdx:5:1\n {2}This paragraph holds more than 200 `\{`, which MDX reads as expressions\.\n {2}Fix: /,
    )
  }, 30_000)

  it('catches deep trees the line scan cannot see, after parsing, at the deep node', async () => {
    // Each under the scan's limits (100 list levels, 800 emphasis markers), together 400 levels deep.
    const list = Array.from(
      { length: maxNestingDepth },
      (_, level) => `${'  '.repeat(level)}- level ${level + 1}`,
    ).join('\n')
    const { message } = await failure(site({ 'index.md': `# E\n\n${list} ${'*'.repeat(400)}x${'*'.repeat(400)}\n` }))
    expect(message).toMatch(
      /content\/index\.md:102:\d+\n {2}The content here is nested more than 300 levels deep[^\n]*\n {2}Fix: /,
    )
  }, 30_000)

  it('still builds and renders content right at the limits', async () => {
    const list = Array.from(
      { length: maxNestingDepth },
      (_, level) => `${'  '.repeat(level)}- level ${level + 1}`,
    ).join('\n')
    const html = `${'<div>'.repeat(maxRawHtmlDepth)}deep html${'</div>'.repeat(maxRawHtmlDepth)}`
    const emphasis = `${'*'.repeat(400)}deep emphasis${'*'.repeat(400)}`
    // The deepest list item holds the deepest HTML: the deepest tree the guards let through.
    const result = await runBuild(site({ 'index.md': `# Limits\n\n${list} ${html}\n\n${emphasis}\n` }))
    const page = result.pages.find((entry) => entry.path === '/')
    expect(page?.html).toContain('level 100')
    expect(page?.html).toContain('deep html')
    expect(page?.html).toContain('deep emphasis')
  }, 30_000)
})

describe('page size', () => {
  it('refuses a 10 MB page before parsing it, and says to split it', async () => {
    const { message, ms } = await failure(
      site({ 'index.md': `# Huge\n\n${'All work and no play makes a big page.\n\n'.repeat(260_000)}` }),
    )
    expect(message).toMatch(
      /content\/index\.md:1:1\n {2}The page is 9\.9 MB, more than the 2\.0 MB a page may have\.\n {2}Fix: split it into several pages/,
    )
    expect(ms).toBeLessThan(15_000)
  }, 30_000)

  it('takes its limit from `markdown.maxPageSize`, and checks the option', async () => {
    const config = (maxPageSize: string) =>
      `import base from '../config.ts'\nexport default { ...base, markdown: { maxPageSize: ${maxPageSize} } }\n`
    const small = await failure(site({ 'index.md': `# Small\n\n${'text '.repeat(1000)}\n` }, config('1024')))
    expect(small.message).toMatch(/content\/index\.md:1:1\n {2}The page is 5 KB, more than the 1 KB a page may have\./)
    const wrong = await failure(site({ 'index.md': '# Page\n' }, config("'2MB'")))
    expect(wrong.message).toMatch(
      /config\.ts\n {2}The config field `markdown\.maxPageSize` must be a positive whole number of bytes, got "2MB"/,
    )
  }, 30_000)
})

describe('code line highlights', () => {
  it('cuts ranges to the block, with a warning at the block (the ranges once filled a Set for 17 s)', async () => {
    const started = performance.now()
    const result = await runBuild(path.join(brokenDir, 'code-meta-ranges'))
    expect(performance.now() - started).toBeLessThan(15_000)
    const warnings = result.warnings.join('\n')
    expect(warnings).toMatch(
      /content\/index\.md:5:1\n {2}The line highlight `1-10001`, `10002-20002`, `20003-30003` and 1997 more reaches past this 2-line code block; it is cut to the block\./,
    )
    expect(warnings).toMatch(
      /content\/index\.md:10:1\n {2}The line highlight `3-9` reaches past this 3-line code block/,
    )
    const html = result.pages.find((page) => page.path === '/')?.html ?? ''
    expect(html.match(/class="line highlighted/g)?.length).toBe(4)
  }, 30_000)

  it('never reads a range past the block, or past 10,000 lines when the block is not known', () => {
    const meta = `{${Array.from({ length: 2000 }, (_, index) => `${index * 10_001 + 1}-${(index + 1) * 10_001}`).join(',')}}`
    expect(parseLineRanges(meta, 3)).toEqual(new Set([1, 2, 3]))
    expect(parseLineRanges(meta).size).toBe(maxHighlightedLine)
    expect([...parseLineRanges('{5,1-3,2-6}', 10)]).toEqual([1, 2, 3, 4, 5, 6])
  })
})
