import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

// A copy inside the project, so its config resolves `sheaf`.
const site = path.resolve(import.meta.dirname, `../../../fixtures/.tmp-markdown-prune-${process.pid}`)
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

/** The markdown cache's entries (main files, not bodies), by name. */
function entries(site: string): string[] {
  const dir = path.join(site, '.sheaf-cache/markdown')
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /^[0-9a-f]{40}\.json$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
}

describe('the markdown cache after a build', () => {
  it('keeps one entry per markdown file: an edited text and what an older engine left are removed', async () => {
    fs.rmSync(site, { recursive: true, force: true })
    copyBasicFixture(site)
    const markdownFiles = fs
      .readdirSync(path.join(site, 'content'), { recursive: true })
      .filter((name) => /\.mdx?$/.test(String(name)))
    await build(site, { sink: quiet, workers: false })
    const first = entries(site)
    expect(first).toHaveLength(markdownFiles.length)

    // What an older engine (or other markdown options) left: a key no file has now, with its body.
    const stale = 'f'.repeat(40)
    fs.mkdirSync(path.join(site, '.sheaf-cache/markdown/ff'), { recursive: true })
    fs.writeFileSync(path.join(site, '.sheaf-cache/markdown/ff', `${stale}.json`), '{}')
    fs.writeFileSync(path.join(site, '.sheaf-cache/markdown/ff', `${stale}.body.json`), '{}')
    // A file that is not an entry is not the cache's to remove.
    fs.writeFileSync(path.join(site, '.sheaf-cache/markdown/ff', 'notes.txt'), 'mine')
    const guide = path.join(site, 'content/docs/guide.md')
    fs.appendFileSync(guide, '\nAn edited paragraph.\n')
    await build(site, { sink: quiet, workers: false })
    const second = entries(site)
    expect(second).toHaveLength(markdownFiles.length)
    expect(second).not.toContain(`${stale}.json`)
    expect(second.filter((name) => !first.includes(name))).toHaveLength(1)
    expect(fs.readdirSync(path.join(site, '.sheaf-cache/markdown/ff'))).toEqual(['notes.txt'])
    // Bodies go with their entries.
    const bodies = fs
      .readdirSync(path.join(site, '.sheaf-cache/markdown'), { recursive: true })
      .filter((name) => String(name).endsWith('.body.json'))
    expect(bodies.length).toBeLessThanOrEqual(markdownFiles.length)

    // An unchanged rebuild reads every entry and removes none.
    await build(site, { sink: quiet, workers: false })
    expect(entries(site)).toEqual(second)
  })
})
