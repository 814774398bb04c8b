import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'
import {
  assertPageCounts,
  maxFootnotes,
  maxHeadings,
  maxLinks,
  maxListItems,
  maxTableCells,
} from '../../../../engine/markdown/pageCounts.ts'

// Issue 38: wide pages (150,000 headings, 60,000 footnotes) and hostile YAML failed after minutes
// and gigabytes, naming no file. Each must now fail with file:line and a fix, before parsing.
// Site roots are written beside tests/fixtures/broken (its shared config), as in resourceLimits.test.ts.

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const generated: string[] = []

afterEach(() => {
  for (const dir of generated.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(brokenDir, '.generated-'))
  generated.push(dir)
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'content', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'content', name), text)
  }
  return dir
}

function runBuild(dir: string): Promise<BuildResult> {
  return build(dir, { configFile: '../config.ts', write: false, sink: quiet, cache: false, workers: false })
}

async function failure(files: Record<string, string>): Promise<string> {
  const error = await runBuild(site(files)).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).not.toBeNull()
  return formatError(error)
}

const repeat = (count: number, line: (index: number) => string, separator = '\n') =>
  Array.from({ length: count }, (_, index) => line(index)).join(separator)

describe('a page with more headings, footnotes or links than a page holds fails at the line', () => {
  it('refuses 150,000 headings (a stack overflow after 18 s) at the first one past the limit', async () => {
    const message = await failure({ 'index.md': `# H\n\n${repeat(150_000, (index) => `## h${index}`)}\n` })
    expect(message).toMatch(
      new RegExp(
        `content/index\\.md:${maxHeadings + 2}:1\\n {2}The page has more than ${maxHeadings} headings; ` +
          `this line passes the limit\\.\\n {2}Fix: split it`,
      ),
    )
  }, 60_000)

  it('counts HTML headings too', async () => {
    const message = await failure({
      'index.md': `# H\n\n${repeat(maxHeadings + 10, (index) => `<h2>h${index}</h2>`, '\n\n')}\n`,
    })
    expect(message).toMatch(/content\/index\.md:\d+:1\n {2}The page has more than \d+ headings/)
  }, 60_000)

  it('refuses 60,000 footnotes (145 s and gigabytes) at once', async () => {
    const references = repeat(60_000, (index) => `a[^${index}]`, '\n\n')
    const definitions = repeat(60_000, (index) => `[^${index}]: note ${index}`, '\n\n')
    const message = await failure({ 'index.md': `# F\n\n${references}\n\n${definitions}\n` })
    expect(message).toMatch(
      new RegExp(
        `content/index\\.md:${2 * maxFootnotes + 3}:1\\n {2}The page has more than ${maxFootnotes} footnote ` +
          `references; this line passes the limit\\.\\n {2}Fix: `,
      ),
    )
    const onlyDefinitions = await failure({ 'index.md': `# F\n\nText[^0].\n\n${definitions}\n` })
    expect(onlyDefinitions).toMatch(
      new RegExp(
        `content/index\\.md:${2 * maxFootnotes + 5}:1\\n {2}The page has more than ${maxFootnotes} footnote ` +
          `definitions`,
      ),
    )
  }, 60_000)

  it('refuses a page of more links than the limit', async () => {
    const message = await failure({
      'index.md': `# L\n\n${repeat(maxLinks + 1, (index) => `[a](https://example.com/${index})`, '\n\n')}\n`,
    })
    expect(message).toMatch(
      new RegExp(`content/index\\.md:${2 * maxLinks + 3}:1\\n {2}The page has more than ${maxLinks} links`),
    )
  }, 60_000)

  it('lets a page right at the limits through, and skips what is in code blocks', () => {
    const lines = (count: number, line: (index: number) => string) => repeat(count, line, '\n\n')
    const atLimits = [
      '# Limits',
      lines(maxHeadings - 1, (index) => `## h${index}`),
      lines(maxFootnotes, (index) => `a[^${index}]`),
      lines(maxFootnotes, (index) => `[^${index}]: n`),
      lines(maxLinks - 2 * maxFootnotes, (index) => `[x](https://example.com/${index})`),
      `\`\`\`md\n${repeat(maxHeadings + 1, () => '## in code [x](y) [^1]')}\n\`\`\``,
    ].join('\n\n')
    expect(() => assertPageCounts(atLimits, 'content/index.md')).not.toThrow()
    expect(() => assertPageCounts(`${atLimits}\n\n## one more`, 'content/index.md')).toThrow(/more than \d+ headings/)
  })

  it('builds a page of many footnotes under the limit', async () => {
    const notes =
      `${repeat(200, (index) => `a[^${index}]`, '\n\n')}\n` +
      `\n${repeat(200, (index) => `[^${index}]: note ${index}`, '\n\n')}`
    const result = await runBuild(site({ 'index.md': `# Notes\n\n${notes}\n` }))
    expect(result.pages.find((entry) => entry.path === '/')?.html).toContain('note 199')
  }, 60_000)
})

describe('wide markdown fails at its line', () => {
  it('refuses a list of 300,000 items (not done after 8 minutes) and a table row of 20,000 cells (14 s)', async () => {
    const list = await failure({ 'index.md': `# L\n\n${'- a\n'.repeat(300_000)}` })
    expect(list).toMatch(
      new RegExp(
        `content/index\\.md:${maxListItems + 3}:1\\n {2}The page has more than ${maxListItems} list items; ` +
          `this line passes the limit\\.\\n {2}Fix: split the list`,
      ),
    )
    const table = await failure({ 'index.md': `# T\n\n|${'a|'.repeat(20_000)}\n|${'-|'.repeat(20_000)}\n` })
    expect(table).toMatch(
      new RegExp(`content/index\\.md:3:1\\n {2}This table row has more than ${maxTableCells} cells`),
    )
  }, 60_000)

  it('lets lists and tables up to the limits through', () => {
    expect(() =>
      assertPageCounts(
        `# L\n\n${'- a\n'.repeat(maxListItems)}\n|${'a|'.repeat(maxTableCells - 1)}\n`,
        'content/index.md',
      ),
    ).not.toThrow()
  })
})

describe('hostile YAML front-matter fails at its line', () => {
  it('refuses an alias bomb ("billion laughs") naming the file and the alias line', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let level = 1; level < 8; level++) {
      const name = String.fromCharCode(97 + level)
      const previous = String.fromCharCode(96 + level)
      levels.push(`${name}: &${name} [${repeat(9, () => `*${previous}`, ',')}]`)
    }
    const message = await failure({ 'index.md': `---\ntitle: Bomb\n${levels.join('\n')}\n---\n# x\n` })
    expect(message).toMatch(
      /content\/index\.md:4:1\n {2}The front-matter's YAML aliases \(`\*name`\) expand to more than 100 copies[^\n]*\n {2}Fix: write the values out/,
    )
  }, 30_000)

  it('refuses front-matter nested deeper than the parser can read', async () => {
    const message = await failure({
      'index.md': `---\ntitle: Deep\nx: ${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}\n---\n# x\n`,
    })
    expect(message).toMatch(/content\/index\.md:\d+:\d+\n {2}The front-matter /)
  }, 30_000)
})
