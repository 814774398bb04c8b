import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { formatError } from '../../../../engine/errors.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { parseMeta } from '../../../../plugins/sidebar/parseMeta.ts'

// Component props and `_meta.json` fields are content too: a wrong type once crashed the render
// with "Unexpected error" and no file. Each must fail at build time with file:line and a fix.
// Fixtures as in brokenInputs.test.ts (site roots under tests/fixtures/broken, shared config).

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

async function failure(name: string): Promise<string> {
  const error = await build(path.join(brokenDir, name), {
    configFile: '../config.ts',
    write: false,
    sink: quiet,
    cache: false,
    workers: false,
  }).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, `${name} should fail`).not.toBeNull()
  return formatError(error)
}

describe('a build with wrongly typed content fields fails at the field', () => {
  const cases: [string, RegExp][] = [
    [
      'mdx-missing-prop',
      /content\/index\.mdx:5:1\n {2}`<PackageManagerTabs>` needs the prop `command` \(a string\)\.\n {2}Fix: write e\.g\. `<PackageManagerTabs command="\.\.\." \/>`\./,
    ],
    [
      'mdx-wrong-prop-type',
      /content\/index\.mdx:3:1\n {2}The prop `groupId` of `<Tabs>` must be a string, got 3\.\n {2}Fix: write e\.g\. `groupId="\.\.\."`\./,
    ],
    [
      'meta-field-types',
      /content\/docs\/_meta\.json:7:\d+\n {2}The field "tag" of item 1 of `_meta\.json` must be a string, got \{"x":1\}\.\n {2}Fix: write e\.g\. `"tag": "Guides"`\./,
    ],
  ]
  for (const [name, expected] of cases) {
    it(`reports ${name}`, async () => {
      expect(await failure(name)).toMatch(expected)
    }, 20_000)
  }
})

describe('MDX component props are checked against their declared types', () => {
  let processor: MarkdownProcessor
  beforeAll(async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
    processor = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
  })
  const mdx = (body: string) =>
    processor
      .process({ source: `# Page\n\n${body}\n`, file: 'content/page.mdx', mdx: true })
      .then(() => 'ok', formatError)

  it('fails on a missing required prop, a wrong type and an unknown prop, at the element', async () => {
    // (A `<Tab>` may go without `label`, as in Rspress: `<Tabs values>` names it.)
    expect(await mdx('<LinkCard href="/x" />')).toMatch(
      /^content\/page\.mdx:3:1\n {2}`<LinkCard>` needs the prop `title` \(a string\)/,
    )
    expect(await mdx('<Tabs groupId>\n<Tab label="a">x</Tab>\n</Tabs>')).toMatch(
      /^content\/page\.mdx:3:1\n {2}The prop `groupId` of `<Tabs>` must be a string, got a prop without a value \(`true`\)/,
    )
    expect(await mdx('<PackageManagerTabs command={["a"]} />')).toMatch(/must be a string or an object, got \["a"\]/)
    expect(await mdx('<PackageManagerTabs command="install x" additionalTabs="yarn" />')).toMatch(
      /The prop `additionalTabs` of `<PackageManagerTabs>` must be an array, got "yarn"/,
    )
    expect(await mdx('<PackageManagerTabs comand="install x" />')).toMatch(
      /^content\/page\.mdx:3:1\n {2}`<PackageManagerTabs>` has no prop `comand`\.\n {2}Fix: use only its props: `command`, `additionalTabs`\./,
    )
  })

  it('accepts props of the declared types', async () => {
    expect(await mdx('<PackageManagerTabs command="install x" />')).toBe('ok')
    expect(await mdx('<Tabs groupId="pm" values={["a", "b"]}>\n<Tab label="a" value="a">x</Tab>\n</Tabs>')).toBe('ok')
  })
})

describe('_meta.json fields are type-checked at their line', () => {
  const check = (content: string) => {
    try {
      parseMeta({ relativePath: 'docs/_meta.json', sourcePath: 'content/docs/_meta.json', content })
      return 'ok'
    } catch (error) {
      return formatError(error)
    }
  }
  const lines = (...items: string[]) => `[\n${items.map((item) => `  ${item}`).join(',\n')}\n]`

  it('names the field and the line of each wrongly typed field', () => {
    expect(check(lines('"a"', '{ "type": "dir", "name": "api", "collapsed": "yes" }'))).toMatch(
      /_meta\.json:3:\d+\n {2}The field "collapsed" of item 1 of `_meta\.json` must be `true` or `false`, got "yes"\.\n {2}Fix: write e\.g\. `"collapsed": true`/,
    )
    expect(check(lines('{ "type": "dir", "name": "api", "overviewHeaders": "2" }'))).toMatch(
      /_meta\.json:2:\d+\n {2}The field "overviewHeaders" of item 0 [^\n]* must be an array of heading levels/,
    )
    expect(check(lines('"a"', '"b"', '{ "type": "divider", "dividerType": "thick" }'))).toMatch(
      /_meta\.json:4:\d+\n {2}The field "dividerType" of item 2 [^\n]* must be "solid" or "dashed", got "thick"/,
    )
    expect(check(lines('{ "type": "section-header", "label": 5 }'))).toMatch(
      /_meta\.json:2:\d+\n {2}The field "label" of item 0 [^\n]* must be a string, got 5/,
    )
    expect(check(lines('{ "name": "a", "label": ["x"] }'))).toMatch(
      /_meta\.json:2:\d+\n {2}The field "label" of item 0 [^\n]* must be a string, got \["x"\]/,
    )
    expect(check(lines('{ "type": "file", "name": 3 }'))).toMatch(
      /_meta\.json:2:\d+\n {2}The field "name" of item 0 [^\n]* must be a non-empty string/,
    )
    expect(check(lines('"a"', '""'))).toMatch(/_meta\.json:3:\d+\n {2}Item 1 of `_meta\.json` is an empty name/)
    expect(check(lines('"a"', '{ "type": "dir", "name": "api", "colapsed": true }'))).toMatch(
      /_meta\.json:3:\d+\n {2}Item 1 of `_meta\.json` \(type "dir"\) has the unknown field "colapsed"\.\n {2}Fix: use only "type", "name", "label", "tag", "collapsed"/,
    )
  })

  it('points at the field on its own line, past strings holding brackets, braces and quotes', () => {
    const content =
      '[\n  { "name": "a", "label": "x ] } \\" {" },\n  {\n    "name": "b",\n    "label": "[{",\n    "tag": 7\n  }\n]'
    expect(check(content)).toMatch(/_meta\.json:6:5\n {2}The field "tag" of item 1 /)
  })

  it('accepts every field of the right type', () => {
    const content = lines(
      '"intro"',
      '{ "type": "file", "name": "b", "label": "B", "tag": "new" }',
      '{ "type": "dir", "name": "api", "label": "API", "collapsed": true, "collapsible": false, "tag": "x", ' +
        '"overviewHeaders": [2, 3] }',
      '{ "type": "divider", "dividerType": "dashed" }',
      '{ "type": "section-header", "label": "Guides", "tag": "t" }',
    )
    expect(check(content)).toBe('ok')
  })
})
