import fc from 'fast-check'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { isSheafError } from '../../../../engine/errors.ts'
import { createSanitizeSchema } from '../../../../engine/markdown/sanitizeSchema.ts'

/**
 * The threat model of docs/security.md, as a property: whatever file names, front-matter and
 * markdown (raw HTML and MDX included) a contributor sends, a real build (written to disk)
 * either succeeds or fails with a located SheafError; it never writes outside its output folder
 * and its cache; and no element or attribute outside the sanitizer's allow-list reaches the
 * content of a page.
 */
const repo = path.resolve(import.meta.dirname, '../../../..')
const theme = path.join(repo, 'tests/fixtures/basic/site/theme')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

// <tmp>/hostile-*/ holds a sentinel file beside the site; the site is <tmp>/hostile-*/site.
const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-hostile-'))
const siteRoot = path.join(sandbox, 'site')
const contentDir = path.join(siteRoot, 'content')
const outDir = path.join(siteRoot, 'out')
fs.mkdirSync(siteRoot)
fs.writeFileSync(path.join(sandbox, 'package.json'), '{"sentinel":true}\n')
fs.writeFileSync(
  path.join(siteRoot, 'config.ts'),
  `import { defineConfig } from ${JSON.stringify(path.join(repo, 'engine/index.ts'))}
import { files } ` +
    `from ${JSON.stringify(path.join(repo, 'plugins/files/index.ts'))}
import { themeComponents } ` +
    `from ${JSON.stringify(path.join(repo, 'site/theme/markdown/componentProps.ts'))}
export default ` +
    `defineConfig({
  title: 'Hostile',
  base: '/hostile/',
  theme: ` +
    `{ layout: ${JSON.stringify(path.join(theme, 'Layout.tsx'))}, templates: ` +
    `{ doc: ${JSON.stringify(path.join(theme, 'Doc.tsx'))}, ` +
    `home: ${JSON.stringify(path.join(theme, 'Home.tsx'))}, ` +
    `404: ${JSON.stringify(path.join(theme, 'NotFound.tsx'))} }, components: ` +
    `themeComponents },
  // Dead links fail a build before it writes a page (brokenInputs.test.ts covers ` +
    `them); here the pages must be written.
  markdown: { checkDeadLinks: false },
  plugins: [files({ dir: ` +
    `'content', lastUpdated: false })],
})
`,
)

afterAll(() => fs.rmSync(sandbox, { recursive: true, force: true }))

const hostileNames = [
  '%2e%2e%2f%2e%2e%2fPWNED',
  '..%2f..%2fpackage',
  '%2E%2E',
  '..%5c..%5cx',
  '%252e%252e%252fdouble',
  'a%00b',
  '..',
  '.',
  '...',
  'sp ace',
  'q?x',
  'h#x',
  'new\nline',
  'tab\there',
  '__SHEAF_DATA__',
  'index',
  '404',
  'content',
  'CON',
  'ünïcode',
  '中文',
  '%',
]
// Mostly names a build should take, so that most runs get as far as writing pages.
const fileName = fc
  .oneof(
    { arbitrary: fc.constantFrom(...hostileNames), weight: 1 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 10 }), weight: 3 },
  )
  .filter((name) => !name.includes('/') && !name.includes('\0') && name !== '.' && name !== '..' && name !== '')

const hostileText = [
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; alert(1); '",
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  'javascript:alert(1)',
  '__proto__',
]
const text = fc.oneof(fc.constantFrom(...hostileText), fc.string({ maxLength: 20 }))

const pieces = [
  '# Title',
  '## Content',
  '## Options',
  '## Root',
  '[anchor](#options)',
  '[up](../../../etc/passwd)',
  '[js](javascript:alert(1))',
  '[js2](JaVaScRiPt:alert(1))',
  '[data](data:text/html,<script>alert(1)</script>)',
  '<div id="__SHEAF_DATA__">{"page":{"html":"<img src=x onerror=alert(1)>"}}</div>',
  '<form id="root"><input name="attributes"></form>',
  '<a name="__SHEAF_DATA__">x</a>',
  '<img id="content" src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<style>body{display:none}</style>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="x.swf"></object>',
  '<embed src="x">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<a href="https://evil.example" target="_blank">ext</a>',
  '<details open ontoggle=alert(1)><summary>s</summary>d</details>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<Tabs groupId="g">\n<Tab label="L">x</Tab>\n</Tabs>',
  '<PackageManagerTabs command="install x" />',
  '<PackageManagerTabs command={{ npm: "a" }} onClick={alert} />',
  '{alert(1)}',
  '<Unknown />',
  '```ts title="<img src=x onerror=alert(1)>" {1-3}\nconst a = "</code><script>alert(1)</script>"\n```',
  ':::tip <img src=x onerror=alert(1)>\nbody\n:::',
  '- a\n  - b\n    - c',
  '> > quote',
]
const body = fc.array(fc.oneof(fc.constantFrom(...pieces), text), { maxLength: 8 }).map((parts) => parts.join('\n\n'))
const page = fc.record({
  name: fileName,
  mdx: fc.constantFrom(false, false, false, true),
  title: text,
  description: text,
  pageType: fc.constantFrom('doc', 'home', 'custom', 'blank', '<script>', 'doc'),
  body,
})

// What may appear inside a page's <article>: the sanitizer's allow-list, plus what the fixture
// theme's code-block component and the engine's highlighter add around a code block, and the
// target/rel that the engine's Link puts on external links (checked below).
const schema = createSanitizeSchema(themeComponents)
const allowedTags = new Set([
  ...(schema.tagNames ?? []).map((tag) => tag.toLowerCase()),
  'article',
  'button',
  'figure',
  'figcaption',
  'pre',
  'code',
  'span',
])
const allowedAttributes = new Set([
  'class',
  'style',
  'type',
  'tabindex',
  'aria-hidden',
  'aria-label',
  'data-line',
  'data-highlighted',
  'data-theme',
  'data-language',
  'target',
  'rel',
  ...Object.values(schema.attributes ?? {})
    .flat()
    .map((entry) => attributeName(Array.isArray(entry) ? String(entry[0]) : String(entry))),
])

function attributeName(property: string): string {
  if (property === 'className') return 'class'
  if (property === 'htmlFor') return 'for'
  if (/^(data|aria)[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
  return property.toLowerCase()
}

/**
 * Every path under `dir` with a digest of its content, but the engine's own folders (`skip`: output, its staging and
 * old copies, cache, client entry).
 */
function snapshot(dir: string, skip: RegExp): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name))
    if (skip.test(relative)) continue
    entries[relative] = entry.isFile()
      ? createHash('sha1')
          .update(fs.readFileSync(path.join(dir, relative)))
          .digest('hex')
      : entry.isSymbolicLink()
        ? `link:${fs.readlinkSync(path.join(dir, relative))}`
        : 'dir'
  }
  return entries
}

function violations(html: string, file: string): string[] {
  const found: string[] = []
  const document = new JSDOM(html).window.document
  const scripts = [...document.querySelectorAll('script')]
  for (const script of scripts) {
    const data = script.id === '__SHEAF_DATA__'
    if (data && script.type !== 'application/json') found.push(`${file}: page data in a script of type ${script.type}`)
  }
  if (document.querySelectorAll('#__SHEAF_DATA__').length !== 1)
    found.push(`${file}: ${document.querySelectorAll('#__SHEAF_DATA__').length} elements with the page data's id`)
  for (const article of document.querySelectorAll('main article')) {
    for (const element of article.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase()
      if (!allowedTags.has(tag)) found.push(`${file}: <${tag}> in the content`)
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase()
        if (!allowedAttributes.has(name)) found.push(`${file}: attribute ${name} on <${tag}>`)
        if (name === 'target' && !/\bnoopener\b/.test(element.getAttribute('rel') ?? ''))
          found.push(`${file}: target without rel=noopener on <${tag}>`)
        if (/^on/.test(name)) found.push(`${file}: handler ${name} on <${tag}>`)
        if ((name === 'href' || name === 'src') && /^\s*(javascript|vbscript|data:text)/i.test(attribute.value))
          found.push(`${file}: ${name}="${attribute.value}"`)
        if ((name === 'id' || name === 'name') && /^(__sheaf|_r_)/i.test(attribute.value))
          found.push(`${file}: ${name}="${attribute.value}" clobbers a page id`)
      }
    }
  }
  return found
}

describe('hostile content through a real build', () => {
  const outcomes = { built: 0, failed: [] as string[] }
  it('builds or fails located, writes only its output and cache, and lets nothing past the allow-list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(page, { minLength: 1, maxLength: 4 }), async (pages) => {
        fs.rmSync(contentDir, { recursive: true, force: true })
        fs.mkdirSync(contentDir, { recursive: true })
        fs.writeFileSync(path.join(contentDir, 'index.md'), '---\ntitle: Home\npageType: home\n---\n\n# Home\n')
        for (const { name, mdx, title, description, pageType, body } of pages) {
          const frontMatter =
            `---\ntitle: ${JSON.stringify(title || 'Untitled')}\ndescription: ${JSON.stringify(description)}\n` +
            `pageType: ${JSON.stringify(pageType)}\n---\n\n`
          fs.writeFileSync(path.join(contentDir, `${name}.${mdx ? 'mdx' : 'md'}`), frontMatter + body)
        }
        // Old copies of the output that a build moved aside are the engine's to remove; start each run without them.
        for (const name of fs.readdirSync(siteRoot))
          if (name.startsWith('out.')) fs.rmSync(path.join(siteRoot, name), { recursive: true, force: true })
        const skip = /^site\/(out(\.[^/]*)?|\.sheaf-cache|\.sheaf)(\/|$)/
        const before = snapshot(sandbox, skip)
        try {
          await build(siteRoot, { configFile: 'config.ts', outDir, sink: quiet, workers: false })
          outcomes.built++
        } catch (error) {
          outcomes.failed.push(String((error as Error).message).split('\n')[0])
          expect(isSheafError(error), `not a SheafError: ${String(error)}`).toBe(true)
          const located = (error as { file?: string }).file ?? ''
          expect(located || (error as Error).message, 'a failure names the file it concerns').toMatch(
            /content\/|\.mdx?|config\.ts/,
          )
        }
        expect(snapshot(sandbox, skip), 'nothing outside the output folder and the cache changed').toEqual(before)
        if (!fs.existsSync(outDir)) return
        const found: string[] = []
        for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (entry.isFile() && entry.name.endsWith('.html')) {
            const file = path.join(entry.parentPath, entry.name)
            found.push(...violations(fs.readFileSync(file, 'utf8'), path.relative(outDir, file)))
          }
        }
        expect(found).toEqual([])
      }),
      // A fixed seed: an unseeded run built fewer than 8 of its 16 sites now and then (every failure a
      // located error), which failed CI by chance. SHEAF_PROPERTY_SEED explores other inputs.
      { numRuns: 16, seed: Number(process.env.SHEAF_PROPERTY_SEED ?? 20261126) },
    )
    // The property says little if every build failed early: most runs must get as far as writing pages.
    expect(outcomes.built, `builds that failed: ${outcomes.failed.join('\n')}`).toBeGreaterThanOrEqual(8)
  }, 600_000)
})
