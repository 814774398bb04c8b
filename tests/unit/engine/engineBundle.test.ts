import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { publicSpecifiers } from '../../../engine/loading/engineBundle.ts'
import { freshEngineBundle } from '../../../engine/loading/engineBundleRecord.mjs'
import { outputTree } from './outputTree.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const cli = path.join(root, 'bin/sheaf.js')
const site = path.join(root, 'tests/fixtures/basic')
const outs = [`.tmp-bundled-${process.pid}`, `.tmp-sources-${process.pid}`].map((name) => path.join(root, 'tests/fixtures', name))
afterAll(() => {
  for (const out of outs) fs.rmSync(out, { recursive: true, force: true })
})

describe('the engine bundle', () => {
  it("has an entry for each public specifier in package.json's exports", () => {
    const specifiers = publicSpecifiers(root)
    expect(specifiers.sheaf).toBe(path.join(root, 'engine/index.ts'))
    expect(specifiers['sheaf/runtime']).toBe(path.join(root, 'engine/shared/index.ts'))
    // `./plugins/*` is one entry per plugin folder; the explicit `./plugins/search/shared` is kept.
    expect(specifiers['sheaf/plugins/search']).toBe(path.join(root, 'plugins/search/index.ts'))
    expect(specifiers['sheaf/plugins/sidebar']).toBe(path.join(root, 'plugins/sidebar/index.ts'))
    expect(specifiers['sheaf/plugins/search/shared']).toBe(path.join(root, 'plugins/search/shared/index.ts'))
  })

  it('builds a site exactly as the TypeScript sources do, and leaves a fresh record for the next build', () => {
    // The first build runs from the bundle (building it if it is stale); the second from the sources, through the hooks.
    // (vitest turns prebundling off for its own process: see vitest.config.ts.)
    const bundled = spawnSync(process.execPath, [cli, 'build', '--quiet', '--out', outs[0]], { cwd: site, encoding: 'utf8', env: { ...process.env, SHEAF_PREBUNDLE: '1' } })
    expect(bundled.stderr).toBe('')
    expect(bundled.status).toBe(0)
    expect(freshEngineBundle()).toMatchObject({ cli: expect.stringMatching(/^file:/), 'sheaf/runtime': expect.stringMatching(/^file:/) })
    const sources = spawnSync(process.execPath, [cli, 'build', '--quiet', '--out', outs[1]], { cwd: site, encoding: 'utf8', env: { ...process.env, SHEAF_PREBUNDLE: '0' } })
    expect(sources.stderr).toBe('')
    expect(sources.status).toBe(0)
    expect(outputTree(outs[0])).toEqual(outputTree(outs[1]))
  }, 120_000)
})
