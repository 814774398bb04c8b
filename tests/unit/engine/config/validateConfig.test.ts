import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateConfig } from '../../../../engine/config/validateConfig.ts'
import { defaultMaxPageSize } from '../../../../engine/markdown/pageSize.ts'
import { defaultContainerTypes } from '../../../../engine/shared/containerTypes.ts'

const root = '/site'
const configFile = path.join(root, 'site/config.ts')
const minimal = { title: 'Docs', theme: { templates: { doc: 'site/theme/Doc.tsx' } } }

/** The SheafError a config gets: message, hint and file. */
function problem(config: unknown): { message: string; hint?: string; file?: string } {
  try {
    validateConfig(config, root, configFile)
  } catch (error) {
    return error as { message: string; hint?: string; file?: string }
  }
  throw new Error('validateConfig accepted it')
}

describe('validateConfig', () => {
  it('applies the defaults', () => {
    const config = validateConfig(minimal, root, configFile)
    expect(config).toMatchObject({
      title: 'Docs',
      description: '',
      url: '',
      base: '/',
      lang: 'en',
      outDir: '/site/build',
      publicDir: '/site/content/public',
      theme: { templates: { doc: '/site/site/theme/Doc.tsx' }, styles: [] },
      markdown: {
        codeThemes: { light: 'github-light', dark: 'github-dark' },
        checkDeadLinks: true,
        sanitize: true,
        containerTypes: [...defaultContainerTypes],
        remarkPlugins: [],
        rehypePlugins: [],
        maxPageSize: defaultMaxPageSize,
        reservedIds: [],
        components: {},
      },
      head: [],
      links: { deadAnchors: 'error' },
      plugins: [],
      devPort: 5173,
      previewPort: 4173,
      buildConcurrency: os.availableParallelism(),
    })
  })

  it('takes buildConcurrency as a whole number of threads, at least 1, naming the key otherwise', () => {
    expect(validateConfig({ ...minimal, buildConcurrency: 1 }, root, configFile).buildConcurrency).toBe(1)
    for (const wrong of [0, 1.5, '2']) {
      const error = problem({ ...minimal, buildConcurrency: wrong })
      expect(error.message).toMatch(/buildConcurrency.*must be a whole number of threads, at least 1/)
      expect(error.hint).toMatch(/buildConcurrency: 2/)
    }
  })

  it('keeps what it is given, and leaves keys it does not read alone', () => {
    const remark = () => undefined
    const config = validateConfig(
      {
        ...minimal,
        url: 'https://example.org/',
        base: '/docs',
        markdown: { containerTypes: ['important'], remarkPlugins: [[remark, { a: 1 }]], maxPageSize: 1024 },
        links: { deadAnchors: 'warn' },
        devPort: 3000,
        somethingElse: true,
      },
      root,
      configFile,
    )
    expect(config.url).toBe('https://example.org')
    expect(config.base).toBe('/docs/')
    expect(config.markdown.containerTypes).toEqual([...defaultContainerTypes, 'important'])
    expect(config.markdown.remarkPlugins).toEqual([[remark, { a: 1 }]])
    expect(config.markdown.maxPageSize).toBe(1024)
    expect(config.links).toEqual({ deadAnchors: 'warn' })
    expect(config.devPort).toBe(3000)
  })

  it.each([
    [{ theme: minimal.theme }, 'The config field `title` is missing.', "add `title: 'My docs'`"],
    [{ ...minimal, title: 3 }, 'The config field `title` must be a string, got 3.', "add `title: 'My docs'`"],
    [
      { ...minimal, base: 'https://x.org/' },
      'The config field `base` must be a path, got "https://x.org/".',
      'write a path such as',
    ],
    [
      { ...minimal, url: 'example.org' },
      'The config field `url` must be an http(s) origin, got "example.org".',
      "`url: 'https://example.org'`",
    ],
    [{ title: 'Docs' }, 'The config field `theme` is missing.', 'add `theme:'],
    [
      { ...minimal, theme: { templates: ['Doc.tsx'] } },
      'The config field `theme.templates` must be an object of template name -> module path.',
      'templates: {',
    ],
    [
      { ...minimal, theme: { templates: { doc: 42 } } },
      'The config field `theme.templates.doc` must be a module path string.',
      "`doc: 'site/theme/doc.tsx'`",
    ],
    [
      { ...minimal, theme: { ...minimal.theme, styles: ['a.css', 1] } },
      'The config field `theme.styles[1]` must be a string, got 1.',
      'styles:',
    ],
    [
      { ...minimal, theme: { ...minimal.theme, components: { tab: {} } } },
      'The config field `theme.components.tab` must be named like a React component',
      'components:',
    ],
    [
      { ...minimal, theme: { ...minimal.theme, components: { Tab: { label: { type: 'date' } } } } },
      "The config field `theme.components.Tab.label.type` must be one of 'string', 'number', 'boolean', " +
        "'array', 'object' (or an array of them), got \"date\".",
      'components:',
    ],
    [{ ...minimal, plugins: {} }, 'The config field `plugins` must be an array.', 'plugins: ['],
    [
      { ...minimal, head: [{ tag: 'meta', attrs: {} }, { attrs: {} }] },
      'The config field `head[1].tag` is missing.',
      "tag: 'meta'",
    ],
    [
      { ...minimal, head: [{ tag: 1, attrs: {} }] },
      'The config field `head[0].tag` must be a tag name, got 1.',
      "tag: 'meta'",
    ],
    [{ ...minimal, theme: { styles: [] } }, 'The config field `theme.templates` is missing.', 'templates: {'],
    [
      { ...minimal, markdown: { codeThemes: { light: 'github-light' } } },
      'The config field `markdown.codeThemes.dark` is missing.',
      "dark: 'github-dark'",
    ],
    [
      { ...minimal, markdown: { codeThemes: 'github' } },
      'The config field `markdown.codeThemes` must be `{ light, dark }`, got "github".',
      'codeThemes:',
    ],
    [
      { ...minimal, markdown: { containerTypes: ['ok', 'Not OK'] } },
      'The config field `markdown.containerTypes[1]` must be a name like the built-in ones: ' +
        'container types are lowercase names',
      "containerTypes: ['important']",
    ],
    [
      { ...minimal, markdown: { remarkPlugins: [() => undefined, 'remark-math'] } },
      'The config field `markdown.remarkPlugins[1]` must be a plugin function or [plugin, options], got "remark-math".',
      'remarkPlugins: [pluginA',
    ],
    [
      { ...minimal, markdown: { maxPageSize: -1 } },
      'The config field `markdown.maxPageSize` must be a positive whole number of bytes, got -1.',
      'maxPageSize: 4 * 1024 * 1024',
    ],
    [
      { ...minimal, markdown: { checkDeadLinks: 'no' } },
      'The config field `markdown.checkDeadLinks` must be `true` or `false`, got "no".',
      'checkDeadLinks: false',
    ],
    [
      { ...minimal, links: { deadAnchors: 'ignore' } },
      'The config field `links` must be `{ deadAnchors: \'warn\' | \'error\' }`, got {"deadAnchors":"ignore"}.',
      "deadAnchors: 'warn'",
    ],
    [
      { ...minimal, previewPort: 70000 },
      'The config field `previewPort` must be a port number, got 70000.',
      '`previewPort: 4173`',
    ],
    [
      { ...minimal, csp: { directives: { 'img-src': 'self' } } },
      'The config field `csp.directives["img-src"]` must be an array of sources',
      "'img-src':",
    ],
  ])('names the key path, the problem and the fix: %j', (config, message, hint) => {
    const error = problem(config)
    expect(error.message.startsWith(message), error.message).toBe(true)
    expect(error.hint).toContain(hint)
    expect(error.file).toBe('site/config.ts')
  })

  it('refuses a config that is not an object', () => {
    expect(problem(null).message).toBe('The config file must default-export an object.')
    expect(problem([minimal]).message).toBe('The config file must default-export an object.')
  })
})
