import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Root } from 'mdast'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { escapeCustomHeadingIds } from '../../../../engine/markdown/customHeadingIds.ts'
import { createParser } from '../../../../engine/markdown/parser.ts'
import {
  fillPortableMarkdown,
  PendingPortable,
  portableMarkdown,
  portableTemplate,
  type PortableTemplate,
} from '../../../../engine/markdown/portableMarkdown.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { normalizeContainerTitles } from '../../../../engine/markdown/remarkContainers.ts'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'

// A page's portable markdown is made from the tree its transform parses (a template with its
// site-relative links open) instead of parsing the page again: filled in, it must be what
// converting the source gives, and where it cannot be (a URL that would not print as its
// placeholder did), fill gives null so the caller converts the source.

const parsedText = (source: string, mdx = false) =>
  normalizeContainerTitles(mdx ? escapeCustomHeadingIds(source) : source)
const parse = (source: string, mdx = false) => createParser(mdx).parse(parsedText(source, mdx)) as Root
const viaSource = (source: string, resolve: (url: string) => string | null, mdx = false) =>
  portableMarkdown(source, mdx, { link: (node) => resolve(node.url) ?? undefined })
// As the transform makes it: from the tree and, for plain markdown, the text it was parsed from.
const viaTemplate = (source: string, resolve: (url: string) => string | null, mdx = false) => {
  const template = portableTemplate(parse(source, mdx), mdx ? undefined : parsedText(source))
  return template ? fillPortableMarkdown(template, resolve) : null
}

const resolveRelative = (url: string) =>
  url.startsWith('./')
    ? `https://example.org/docs/${url.slice(2).replace(/\.mdx?/, '')}`
    : url.startsWith('/')
      ? `https://example.org${url}`
      : null

const page = `---
title: Render
---

# Render

See [screen](./screen.md "The screen"), [the API](/docs/api) and [outside](https://example.com/x).
![logo](./logo.png) and [a dead one](nowhere.md).

:::tip Links in a [container](./screen.md#queries)
Read [screen](./screen.md#queries).

:::note
Nested [link](/docs/api).
:::
:::

| Name | Where |
| :--- | ---: |
| queries | [queries](./queries.md) |
| a much longer cell than the others | [render](/docs/api/render) |

- item with :abbr[text] and [link](./a.md)
- \`code [not a link](./b.md)\`

Text with <b>html</b> and a footnote[^1].

[^1]: The note [with a link](./c.md).
`

describe('portable markdown from the transform’s tree', () => {
  it('fills in to what converting the source gives: links resolved, containers as blockquotes, no front-matter', () => {
    const filled = viaTemplate(page, resolveRelative)
    expect(filled).toBe(viaSource(page, resolveRelative))
    expect(filled).not.toContain('title: Render')
    expect(filled).toContain('> **Links in a [container](https://example.org/docs/screen#queries)**')
    expect(filled).toContain('[screen](https://example.org/docs/screen "The screen")')
    expect(filled).toContain('| queries | [queries](https://example.org/docs/queries) |')
    expect(filled).toContain('[outside](https://example.com/x)')
    expect(filled).toContain('[a dead one](nowhere.md)')
    expect(filled).toContain('[with a link](https://example.org/docs/c)')
  })

  it('gives null where a resolved URL would print otherwise than its placeholder (the caller converts the source)', () => {
    // A space makes the serialiser enclose the URL in <...>; a link whose text is its URL prints as an autolink.
    expect(viaTemplate('[a](./a.md)\n', () => 'https://example.org/a b')).toBeNull()
    expect(viaTemplate('[https://example.org/a](./a.md)\n', () => 'https://example.org/a')).toBeNull()
    expect(viaSource('[https://example.org/a](./a.md)\n', () => 'https://example.org/a')).toBe(
      '<https://example.org/a>\n',
    )
    expect(viaTemplate('[a](./a.md)\n', () => 'https://example.org/a(b)')).toBeNull()
  })

  it('is null for a page with MDX elements, whose meaning as markdown only the caller knows', () => {
    expect(portableTemplate(parse('# A\n\n<Badge text="new" />\n', true))).toBeNull()
    expect(viaTemplate('# A\n\nPlain [mdx](./a.md).\n', resolveRelative, true)).toBe(
      viaSource('# A\n\nPlain [mdx](./a.md).\n', resolveRelative, true),
    )
  })

  it('leaves the tree as it was (the transform goes on with it)', () => {
    const tree = parse(page)
    const before = JSON.stringify(tree)
    portableTemplate(tree)
    expect(JSON.stringify(tree)).toBe(before)
  })

  it('matches converting the source for every page of this repository’s docs', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../content/13.x')
    const files = (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => /\.mdx?$/.test(file))
      .map((relativePath) => ({ relativePath }))
    expect(files.length).toBeGreaterThan(20)
    let filled = 0
    for (const entry of files) {
      const source = fs.readFileSync(path.join(dir, entry.relativePath), 'utf8')
      const mdx = entry.relativePath.endsWith('.mdx')
      const fromTemplate = viaTemplate(source, resolveRelative, mdx)
      if (fromTemplate === null) continue
      filled++
      expect(fromTemplate, entry.relativePath).toBe(viaSource(source, resolveRelative, mdx))
    }
    expect(filled).toBeGreaterThan(files.length - 3)
  })
})

describe('the markdown transform with portable markdown', () => {
  let processor: MarkdownProcessor
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-portable-'))
  afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }))

  beforeAll(async () => {
    const highlighter = await createCodeHighlighter(
      { light: 'github-light', dark: 'github-dark' },
      { regexEngine: 'javascript' },
    )
    processor = createMarkdownProcessor({
      highlighter,
      components: themeComponents,
      sanitize: true,
      reservedIds: ['content'],
    })
  }, 60_000)

  it('makes the template only when asked, and the page’s body is the same either way', async () => {
    const plain = await processor.process({ source: page, file: 'docs/render.md', mdx: false })
    const withPortable = await processor.process({ source: page, file: 'docs/render.md', mdx: false, portable: true })
    expect('portable' in plain).toBe(false)
    const template = withPortable.portable as PortableTemplate
    expect(template.links.map((link) => link.url)).toEqual([
      './screen.md',
      '/docs/api',
      './logo.png',
      'nowhere.md',
      './screen.md#queries',
      './screen.md#queries',
      '/docs/api',
      './queries.md',
      '/docs/api/render',
      './a.md',
      './c.md',
    ])
    expect(fillPortableMarkdown(template, resolveRelative)).toBe(viaSource(page, resolveRelative))
    expect(JSON.stringify(withPortable.body)).toBe(JSON.stringify(plain.body))
  })

  it('is kept in the cache entry, under a key of its own', async () => {
    const cache = createMarkdownCache({ dir: cacheDir, salt: 'test', keepInMemory: false })
    const plainKey = cache.key(page, 'docs/render.md')
    cache.portableMarkdown = true
    const key = cache.key(page, 'docs/render.md')
    expect(key).not.toBe(plainKey)
    cache.set(key, await processor.process({ source: page, file: 'docs/render.md', mdx: false, portable: true }))
    await cache.flush()
    const stored = reread(key)
    expect(stored?.portable && fillPortableMarkdown(stored.portable as PortableTemplate, resolveRelative)).toBe(
      viaSource(page, resolveRelative),
    )
    expect(stored?.title).toBe('Render')
  })

  it('deferred (the main thread’s transform): serialised when first read, and the cache entry gets it then', async () => {
    const cache = createMarkdownCache({ dir: cacheDir, salt: 'deferred', keepInMemory: false })
    cache.portableMarkdown = true
    const key = cache.key(page, 'docs/render.md')
    const result = await processor.process({ source: page, file: 'docs/render.md', mdx: false, portable: 'deferred' })
    expect(result.portable).toBeInstanceOf(PendingPortable)
    cache.set(key, result)
    await cache.flush()
    // Not serialised yet: the entry has none (a build that stops here converts the page from its source).
    expect(reread(key, 'deferred')?.portable).toBeUndefined()
    const template = (result.portable as PendingPortable).get()
    expect(template && fillPortableMarkdown(template, resolveRelative)).toBe(viaSource(page, resolveRelative))
    await cache.flush()
    expect(reread(key, 'deferred')?.portable).toEqual(template)
    expect(reread(key, 'deferred')?.body).toEqual(result.body)
  })

  function reread(key: string, salt = 'test') {
    const cache = createMarkdownCache({ dir: cacheDir, salt, keepInMemory: false })
    cache.portableMarkdown = true
    return cache.get(key)
  }
})
