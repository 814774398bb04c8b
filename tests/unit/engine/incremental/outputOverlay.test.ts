import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { OutputOverlay, openOverlay, reusePreviousOutput } from '../../../../engine/incremental/outputOverlay.ts'
import { buildMarker } from '../../../../engine/render/outputDir.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'
import { outputTree } from '../outputTree.ts'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-overlay-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

let cases = 0
/** A previous output (`files`, with the marker) and an empty staging folder beside it. */
function previousBuild(files: Record<string, string>): { out: string; staging: string } {
  const out = path.join(scratch, `out-${++cases}`)
  const staging = path.join(scratch, `.out-${cases}-staging-0000000${cases % 10}`)
  for (const [file, text] of Object.entries({ [buildMarker]: 'marker\n', ...files })) {
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true })
    fs.writeFileSync(path.join(out, file), text)
  }
  fs.mkdirSync(staging)
  return { out, staging }
}

function write(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

describe('an output updated in place', () => {
  it('keeps what was kept, moves in what was written, removes the rest, folders included', async () => {
    const { out, staging } = previousBuild({
      'a.html': 'a',
      'docs/b.html': 'b',
      'docs/c.html': 'c',
      'gone/d.html': 'd',
      'file-then-dir': 'x',
      'dir-then-file/e.html': 'e',
    })
    const overlay = openOverlay(out, staging) as OutputOverlay
    const kept = fs.statSync(path.join(out, 'docs/b.html')).ino
    expect(await overlay.keep('docs/b.html')).toBe(true)
    expect(await overlay.keep('a.html', 99)).toBe(false)
    expect(await overlay.keep('missing.html')).toBe(false)
    // Names that are not plain go through the output folder's checks: the same file, or a refusal.
    expect(await overlay.keep('/docs/c.html')).toBe(true)
    expect(await overlay.keep('docs/./../docs/c.html')).toBe(true)
    await expect(overlay.keep('../elsewhere.html')).rejects.toThrow(/outside the output folder/)
    write(staging, 'a.html', 'new a')
    write(staging, 'docs/new.html', 'new')
    write(staging, 'file-then-dir/f.html', 'f')
    write(staging, 'dir-then-file', 'now a file')
    write(staging, buildMarker, 'marker\n')
    await overlay.merge()
    expect(outputTree(out)).toEqual({
      [buildMarker]: 'marker\n',
      'a.html': 'new a',
      'docs/b.html': 'b',
      'docs/c.html': 'c',
      'docs/new.html': 'new',
      'file-then-dir/f.html': 'f',
      'dir-then-file': 'now a file',
    })
    expect(fs.existsSync(path.join(out, 'gone'))).toBe(false)
    // The kept file was never touched: same inode, not a link made this build.
    expect(fs.statSync(path.join(out, 'docs/b.html')).ino).toBe(kept)
  })

  it('puts everything back when the commit fails part-way', async () => {
    const { out, staging } = previousBuild({ 'a.html': 'a', 'docs/b.html': 'b', 'old.html': 'old' })
    const overlay = openOverlay(out, staging) as OutputOverlay
    await overlay.keep('docs/b.html')
    write(staging, 'a.html', 'new a')
    write(staging, 'docs/new.html', 'new')
    write(staging, 'z.html', 'z')
    const before = outputTree(out)
    const rename = fs.renameSync
    let calls = 0
    // The sixth rename fails: after files were replaced and added, before the last one moved in.
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 6) throw Object.assign(new Error('EIO: simulated'), { code: 'EIO' })
      rename(from, to)
    })
    await expect(overlay.merge()).rejects.toThrow(/simulated/)
    vi.restoreAllMocks()
    expect(outputTree(out)).toEqual(before)
    expect(fs.readFileSync(path.join(staging, 'docs/new.html'), 'utf8')).toBe('new')
  })

  it('is not used for a folder that is not a previous build, and reuse then links into the staging folder', async () => {
    const { out, staging } = previousBuild({ 'a.html': 'a' })
    fs.rmSync(path.join(out, buildMarker))
    expect(openOverlay(out, staging)).toBeNull()
    const classic = path.join(scratch, `.out-${cases}-staging-abcdef01`)
    fs.mkdirSync(classic)
    expect(await reusePreviousOutput(classic, 'a.html', 1)).toBe(true)
    expect(fs.statSync(path.join(classic, 'a.html')).ino).toBe(fs.statSync(path.join(out, 'a.html')).ino)
    expect(await reusePreviousOutput(classic, 'b.html')).toBe(false)
  })
})

describe('a rebuild of a site', () => {
  const root = path.resolve(import.meta.dirname, '../../../..')
  // Inside the project, so its config resolves `sheaf`.
  const site = path.join(root, `tests/fixtures/.tmp-overlay-${process.pid}`)
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
  const out = path.join(site, 'out')
  afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

  it('updates the previous output in place, as a clean build would write it, and a failed one leaves it untouched', async () => {
    fs.rmSync(site, { recursive: true, force: true })
    copyBasicFixture(site)
    await build(site, { outDir: 'out', sink: quiet, workers: false })
    const folder = fs.statSync(out).ino
    const unchanged = fs.statSync(path.join(out, 'docs/guide.html')).ino
    fs.appendFileSync(path.join(site, 'content/docs/api.md'), '\nA sentence added by the test.\n')
    await build(site, { outDir: 'out', sink: quiet, workers: false })
    // The same folder, the unchanged page's very file: nothing was linked or swapped.
    expect(fs.statSync(out).ino).toBe(folder)
    expect(fs.statSync(path.join(out, 'docs/guide.html')).ino).toBe(unchanged)
    await build(site, { outDir: 'out-clean', sink: quiet, workers: false, cache: false })
    expect(outputTree(out)).toEqual(outputTree(path.join(site, 'out-clean')))

    // A build that fails after rendering into its staging folder (a plugin's onPostBuild throws).
    fs.appendFileSync(path.join(site, 'content/docs/api.md'), '\nAnother sentence.\n')
    const before = outputTree(out)
    const config = await loadConfig(site)
    config.plugins.push({ name: 'failing', onPostBuild: () => Promise.reject(new Error('post-build failure')) })
    await expect(
      build(site, { outDir: 'out', sink: quiet, workers: false, config: Promise.resolve(config) }),
    ).rejects.toThrow(/post-build failure/)
    expect(outputTree(out)).toEqual(before)
    expect(fs.statSync(path.join(out, 'docs/guide.html')).ino).toBe(unchanged)
    expect(fs.readdirSync(site).filter((name) => name.includes('staging'))).toEqual([])
  }, 180_000)
})
