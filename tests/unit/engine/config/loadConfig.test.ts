import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { formatError } from '../../../../engine/errors.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-load-config-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

async function failure(configFile: string): Promise<string> {
  return loadConfig(work, configFile, { cache: false }).then(
    () => 'loaded',
    (error: unknown) => formatError(error),
  )
}

describe('loadConfig, given no usable config file', () => {
  it('says where it looked when there is none', async () => {
    expect(await failure('site/config.ts')).toBe(
      'No config file at `site/config.ts`.\n  Fix: ' +
        'create site/config.ts with `export default defineConfig({ ... })`, or pass --config <file>.',
    )
  })

  it('says the config is a folder, and which file to pass, when --config names a folder', async () => {
    fs.mkdirSync(path.join(work, 'site'), { recursive: true })
    expect(await failure('site')).toBe(
      'The config `site` is a folder, not a file.\n  Fix: pass the config file itself, e.g. --config site/config.ts.',
    )
  })
})
