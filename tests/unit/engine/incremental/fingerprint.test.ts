import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { engineFingerprint } from '../../../../engine/incremental/fingerprint.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-fingerprint-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('engine fingerprint', () => {
  it('changes with the shipped plugins too: their client code is bundled and their resolvers shape page data', () => {
    fs.mkdirSync(path.join(dir, 'engine'), { recursive: true })
    fs.mkdirSync(path.join(dir, 'plugins/search/shared'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'engine/build.ts'), 'export {}\n')
    fs.writeFileSync(path.join(dir, 'plugins/search/shared/options.ts'), 'export const boost = 1\n')
    fs.writeFileSync(path.join(dir, 'package.json'), '{}')
    const before = engineFingerprint({ dir, packageJson: path.join(dir, 'package.json') }, dir)
    expect(engineFingerprint({ dir, packageJson: path.join(dir, 'package.json') }, dir)).toBe(before)
    fs.writeFileSync(path.join(dir, 'plugins/search/shared/options.ts'), 'export const boost = 2\n')
    expect(engineFingerprint({ dir, packageJson: path.join(dir, 'package.json') }, dir)).not.toBe(before)
  })
})
