import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { formatError } from '../../../../engine/errors.ts'

// markdown.remarkPlugins / rehypePlugins: the documented example, remark-math + rehype-katex,
// through a real build, on the main thread and in the markdown worker threads (150+ pages).
const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-markdown-plugins-${process.pid}`)
const theme = path.join(root, 'tests/fixtures/basic/site/theme')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

/** Writes the site; each config gets its own file name (a module is imported once per test process). */
function writeSite(
  pages: number,
  plugins = 'remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex]',
  configName = 'config.ts',
): void {
  fs.rmSync(site, { recursive: true, force: true })
  fs.mkdirSync(path.join(site, 'content/docs'), { recursive: true })
  fs.writeFileSync(
    path.join(site, configName),
    `import { defineConfig } from 'sheaf'
import { files } from 'sheaf/plugins/files'
import remarkMath from ` +
      `'remark-math'
import rehypeKatex from 'rehype-katex'
export default defineConfig({
  title: ` +
      `'Math',
  theme: { templates: { doc: ${JSON.stringify(path.join(theme, 'Doc.tsx'))}, ` +
      `home: ${JSON.stringify(path.join(theme, 'Home.tsx'))}, ` +
      `404: ${JSON.stringify(path.join(theme, 'NotFound.tsx'))} } },
  markdown: { ${plugins} },
  plugins: ` +
      `[files({ dir: 'content', lastUpdated: false })],
})
`,
  )
  fs.writeFileSync(
    path.join(site, 'content/index.md'),
    '---\ntitle: Home\n---\n\n# Home\n\nEnergy: $E = mc^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n',
  )
  for (let index = 0; index < pages; index++)
    fs.writeFileSync(
      path.join(site, `content/docs/page-${index}.md`),
      `---\ntitle: Page ${index}\n---\n\n# Page ${index}\n\nThe sum $a_${index} + b$ holds.\n`,
    )
}

beforeAll(() => writeSite(0))
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

describe('markdown.remarkPlugins and rehypePlugins', () => {
  it('render math with remark-math and rehype-katex on the main thread', async () => {
    const result = await build(site, {
      configFile: 'config.ts',
      write: false,
      sink: quiet,
      cache: false,
      workers: false,
    })
    const home = result.pages.find((page) => page.path === '/')
    expect(home?.html).toContain('class="katex"')
    expect(home?.html).toContain('katex-display')
    expect(home?.html).not.toContain('$E = mc^2$')
  }, 120_000)

  it('run in the markdown worker threads too (each imports the config)', async () => {
    writeSite(160)
    const result = await build(site, {
      configFile: 'config.ts',
      write: false,
      sink: quiet,
      cache: false,
      workers: true,
    })
    const page = result.pages.find((built) => built.path === '/docs/page-150')
    expect(page?.html).toContain('class="katex"')
  }, 180_000)

  it('are part of the cache key: removing them re-renders the math as text', async () => {
    writeSite(0)
    await build(site, { configFile: 'config.ts', write: false, sink: quiet, workers: false })
    writeSite(0, '', 'config-plain.ts')
    const result = await build(site, { configFile: 'config-plain.ts', write: false, sink: quiet, workers: false })
    expect(result.pages.find((page) => page.path === '/')?.html).toContain('$E = mc^2$')
  }, 120_000)

  it('refuses an entry that is not a plugin, naming the key', async () => {
    writeSite(0, "remarkPlugins: ['remark-math' as never]", 'config-wrong.ts')
    const error = await loadConfig(site, 'config-wrong.ts').then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(formatError(error)).toMatch(/markdown\.remarkPlugins\[0\][\s\S]*must be a plugin function/)
  })
})

describe('markdown.containerTypes', () => {
  it("adds a site's container types to the built-in ones, with no unknown-type warning", async () => {
    writeSite(0, "containerTypes: ['important']", 'config-containers.ts')
    fs.writeFileSync(
      path.join(site, 'content/index.md'),
      '---\ntitle: Home\n---\n\n# Home\n\n:::important Read this\nBody.\n:::\n\n:::tip\nStill a tip.\n:::\n',
    )
    const result = await build(site, {
      configFile: 'config-containers.ts',
      write: false,
      sink: quiet,
      cache: false,
      workers: false,
    })
    const html = result.pages.find((page) => page.path === '/')?.html ?? ''
    expect(html).toContain('data-container="important"')
    expect(html).toContain('data-title="Read this"')
    expect(html).toContain('data-container="tip"')
    expect(result.warnings.join('\n')).not.toMatch(/Unknown container type/)
  }, 120_000)

  it('refuses a name that is not a plain lowercase word', async () => {
    writeSite(0, "containerTypes: ['Not OK']", 'config-containers-wrong.ts')
    const error = await loadConfig(site, 'config-containers-wrong.ts').then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(formatError(error)).toMatch(/markdown\.containerTypes[\s\S]*lowercase names/)
  })
})
