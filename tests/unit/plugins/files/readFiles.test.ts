import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { files } from '../../../../plugins/files/index.ts'
import type { SheafNode } from '../../../../engine/index.ts'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-files-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

function write(relative: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
  fs.writeFileSync(path.join(root, relative), content)
}

/** The File nodes the plugin sources from `dir` under the temporary site root. */
async function source(dir: string): Promise<Record<string, unknown>[]> {
  const nodes: Record<string, unknown>[] = []
  const plugin = files({ dir, lastUpdated: false })
  const api = { site: { root }, createNode: (node: Partial<SheafNode>) => nodes.push(node) }
  await plugin.sourceNodes!(api as unknown as Parameters<NonNullable<typeof plugin.sourceNodes>>[0])
  return nodes
}

describe('files: reading the content', () => {
  it('keeps a U+FFFD written on purpose and drops a byte-order mark', async () => {
    write('content/replacement.md', '# Odd\n\nA replacement character: \ufffd, kept.\n')
    write('content/bom.md', '\ufeff# With a BOM\n')
    const byName = new Map((await source('content')).map((node) => [node.relativePath, node.content]))
    expect(byName.get('replacement.md')).toBe('# Odd\n\nA replacement character: \ufffd, kept.\n')
    expect(byName.get('bom.md')).toBe('# With a BOM\n')
  })

  it('refuses a file with a malformed UTF-8 sequence, naming it', async () => {
    write('content/ok.md', '# Fine\n')
    write('content/latin1.md', Buffer.from([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a]))
    await expect(source('content')).rejects.toMatchObject({
      message: expect.stringMatching(/not valid UTF-8/),
      file: 'content/latin1.md',
    })
  })

  it('names each file from the site root and from its folder, with its path on disk', async () => {
    write('docs/src/guide/intro.md', '# Intro\n')
    const [node] = await source('docs/src')
    expect(node).toMatchObject({
      relativePath: 'guide/intro.md',
      sourcePath: 'docs/src/guide/intro.md',
      absolutePath: path.join(root, 'docs/src/guide/intro.md'),
      extension: '.md',
    })
  })

  it('refuses a name that decodes into a path, and takes a percent sign that does not', async () => {
    write('content/100%-coverage.md', '# Coverage\n')
    expect((await source('content')).map((node) => node.relativePath)).toEqual(['100%-coverage.md'])
    write('content/%2e%2e%2fescape.md', '# Out\n')
    await expect(source('content')).rejects.toMatchObject({ message: expect.stringMatching(/URL-decodes/) })
  })
})
