import fs from 'node:fs'
import path from 'node:path'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { createParser } from '../../../../engine/markdown/parser.ts'
import { portableMarkdown, stringifyPortable, toPortableTree } from '../../../../engine/markdown/portableMarkdown.ts'
import { normalizeContainerTitles } from '../../../../engine/markdown/remarkContainers.ts'

// Issue 22: a page's portable markdown (the llms twins) copies the blocks the conversion keeps from
// the page's own text, and serialises only the others (0.4 s of serialising on this site's cold
// build). Copied or serialised, the markdown must mean the same.

const resolve = (url: string) =>
  url.startsWith('./') || url.startsWith('../')
    ? `https://example.org/docs/${url.replace(/^(\.\.?\/)+/, '').replace(/\.mdx?/, '')}`
    : url.startsWith('/')
      ? `https://example.org${url}`
      : null
const hooks = { link: (node: { url: string }) => resolve(node.url) ?? undefined }
const copied = (source: string) => portableMarkdown(source, false, hooks)
/** Every block serialised, as before. */
const serialised = (source: string) =>
  stringifyPortable(toPortableTree(createParser(false).parse(normalizeContainerTitles(source)) as Root, hooks) as Root)

/** The tree a reader's parser makes of some markdown, without positions. */
function meaning(markdown: string): unknown {
  const strip = (node: Record<string, unknown>): unknown => {
    const { position: _position, children, ...rest } = node
    return Array.isArray(children)
      ? { ...rest, children: children.map((child) => strip(child as Record<string, unknown>)) }
      : rest
  }
  return strip(createParser(false).parse(markdown) as unknown as Record<string, unknown>)
}

describe('portable markdown copied from the source', () => {
  it('copies the blocks it keeps as they are written, with only their site-relative URLs rewritten', () => {
    const source = [
      '---',
      'title: A',
      '---',
      '',
      '# A *title*',
      '',
      '* a list with [a link](./b.md "Title") and _emphasis_',
      '* ![an image](../img/c.png)',
      '',
      '***',
      '',
      '| Name   | Where                 |',
      '| ------ | --------------------- |',
      '| render | [render](/docs/api)   |',
      '',
      '[outside](https://example.com/x) and [a dead one](nowhere.md)',
      '',
    ].join('\n')
    expect(copied(source)).toBe(
      [
        '# A *title*',
        '',
        '* a list with [a link](https://example.org/docs/b "Title") and _emphasis_',
        '* ![an image](https://example.org/docs/img/c.png)',
        '',
        '***',
        '',
        '| Name   | Where                 |',
        '| ------ | --------------------- |',
        '| render | [render](https://example.org/docs/api)   |',
        '',
        '[outside](https://example.com/x) and [a dead one](nowhere.md)',
        '',
      ].join('\n'),
    )
  })

  it('serialises what the conversion rewrites: containers, directives, and links not written plainly', () => {
    const source = [
      'Intro.',
      '',
      ':::tip Careful',
      'Read [this](./a.md).',
      ':::',
      '',
      'A [spaced](<./b c.md>) link and a [resolved](./d.md) one.',
      '',
      'A :abbr[directive] here.',
      '',
    ].join('\n')
    const out = copied(source)
    expect(out).toContain('Intro.\n\n> **Careful**\n>\n> Read [this](https://example.org/docs/a).')
    expect(out).toContain('[spaced](<https://example.org/docs/b c>)')
    expect(out).toContain('[resolved](https://example.org/docs/d)')
    expect(out).toContain('A :abbr here.')
    expect(meaning(out)).toEqual(meaning(serialised(source)))
  })

  it('writes a setext heading as an ATX one (a twin starts with its `# ` title)', () => {
    expect(copied('Render\n======\n\nText.\n')).toBe('# Render\n\nText.\n')
  })

  it('keeps two lists apart when one of them is serialised', () => {
    // Serialised, the first list gets the serialiser's bullet, the copied one's: an HTML comment keeps them apart.
    const source = ['* one :abbr[x]', '', '- two', ''].join('\n')
    expect(copied(source)).toBe('- one :abbr\n\n<!---->\n\n- two\n')
    const lists = (markdown: string) =>
      (createParser(false).parse(markdown) as Root).children.filter((node) => node.type === 'list').length
    expect(lists(copied(source))).toBe(2)
  })

  it('means what the serialised markdown means, for every page of this repository’s docs', () => {
    const root = path.resolve(import.meta.dirname, '../../../../content')
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.md'))
    expect(files.length).toBeGreaterThan(50)
    let differing = 0
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), 'utf8')
      const out = copied(source)
      const serial = serialised(source)
      // The same text means the same: only a page whose copy differs needs both parsed again.
      if (out === serial) continue
      differing++
      const [ours, theirs] = [meaning(out), meaning(serial)]
      // toEqual walks these large trees slowly (most of this test's time): it runs, for its
      // message, only when their JSON differs (equal JSON here means equal trees).
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) expect(ours, file).toEqual(theirs)
    }
    // Copied, not serialised: the text differs from the serialiser's on many pages (list markers, escapes, spacing).
    expect(differing).toBeGreaterThan(10)
  })
})
