import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { addFixturePlugins, copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 22: a one-page rebuild wrote every page's `.md` twin again. A twin whose text is the same
// as in the previous build of the output folder is now linked from it.

const root = path.resolve(import.meta.dirname, '../../../..')
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-twin-reuse-'))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const site = path.join(root, `tests/fixtures/.tmp-twin-reuse-${process.pid}`)
const out = path.join(temp, 'out')

beforeAll(() => {
  copyBasicFixture(site)
  addFixturePlugins(site, { sidebar: 'sidebar()', llms: 'llms()' })
})
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

describe('markdown twins on a rebuild', () => {
  it(
    'are linked from the previous output when unchanged, written when their page changed, ' +
      'and never taken cut short',
    async () => {
      const rebuild = () => build(site, { outDir: out, sink: quiet, workers: false })
      await rebuild()
      const twin = (name: string) => path.join(out, 'docs', name)
      const apiInode = fs.statSync(twin('api.md')).ino
      const guideInode = fs.statSync(twin('guide.md')).ino
      const guide = path.join(site, 'content/docs/guide.md')
      fs.appendFileSync(guide, '\n\nA sentence added to the body.\n')
      await rebuild()
      expect(fs.statSync(twin('api.md')).ino).toBe(apiInode)
      expect(fs.statSync(twin('guide.md')).ino).not.toBe(guideInode)
      expect(fs.readFileSync(twin('guide.md'), 'utf8')).toContain('A sentence added to the body.')
      // A twin someone cut short in the output is written whole again, not linked.
      const whole = fs.readFileSync(twin('api.md'), 'utf8')
      fs.truncateSync(twin('api.md'), 5)
      await rebuild()
      expect(fs.readFileSync(twin('api.md'), 'utf8')).toBe(whole)
    },
    180_000,
  )
})
