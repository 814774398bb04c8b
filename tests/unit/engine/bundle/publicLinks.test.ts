import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'
import { startDevServer } from '../../../../engine/server/devServer.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 19: symbolic links in the public folder were followed, so a link to a file outside the
// project (`/etc/passwd`, a secrets file) was published by the build and served by the dev server.

const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-public-links-${process.pid}`)
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-public-links-'))
const secretDir = path.join(temp, 'secrets')
const secret = path.join(secretDir, 'token.txt')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
fs.mkdirSync(secretDir)
fs.writeFileSync(secret, 'TOP-SECRET-TOKEN')

afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

beforeEach(() => {
  fs.rmSync(site, { recursive: true, force: true })
  copyBasicFixture(site)
  fs.mkdirSync(path.join(site, 'content/public'), { recursive: true })
  fs.writeFileSync(path.join(site, 'content/public/robots.txt'), 'User-agent: *\n')
})

const publicFile = (name: string) => path.join(site, 'content/public', name)

/** Every file under `dir` whose bytes contain the secret. */
function leaks(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8').includes('TOP-SECRET'),
    )
    .map((entry) => entry.name)
}

async function buildFails(out: string): Promise<string> {
  const error = await build(site, { outDir: out, sink: quiet, cache: false, workers: false }).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, 'the build should fail').not.toBeNull()
  return formatError(error)
}

describe('symbolic links in the public folder', () => {
  const variants: [string, () => void, RegExp][] = [
    [
      'a link to a file outside the project',
      () => fs.symlinkSync(secret, publicFile('token.txt')),
      /content\/public\/token\.txt\n.*symbolic link to `.*secrets\/token\.txt`, outside the project/,
    ],
    [
      'a relative link to a folder outside the project',
      () => fs.symlinkSync(path.relative(path.join(site, 'content/public'), secretDir), publicFile('keys')),
      /content\/public\/keys\n.*symbolic link to `.*secrets`, outside the project/,
    ],
    [
      'a link to a link inside the project that leads outside',
      () => {
        fs.symlinkSync(secret, path.join(site, 'innocent.txt'))
        fs.symlinkSync('../../innocent.txt', publicFile('readme.txt'))
      },
      /content\/public\/readme\.txt\n.*outside the project/,
    ],
    [
      '/etc/passwd',
      () => fs.symlinkSync('/etc/passwd', publicFile('passwd')),
      /content\/public\/passwd\n.*symbolic link to `\/etc\/passwd`/,
    ],
  ]
  for (const [name, makeLink, expected] of variants) {
    it(`refuses ${name}, naming the link and its target, and publishes nothing`, async () => {
      makeLink()
      const out = path.join(temp, `out-${variants.findIndex((variant) => variant[0] === name)}`)
      const message = await buildFails(out)
      expect(message).toMatch(expected)
      expect(message).toContain('Fix: ')
      expect(leaks(out)).toEqual([])
      expect(fs.existsSync(path.join(out, 'passwd'))).toBe(false)
    }, 120_000)
  }

  it('copies a link that stays inside the project', async () => {
    fs.symlinkSync('../index.md', publicFile('index-source.md'))
    const out = path.join(temp, 'out-inside')
    await build(site, { outDir: out, sink: quiet, cache: false, workers: false })
    expect(fs.readFileSync(path.join(out, 'index-source.md'), 'utf8')).toBe(
      fs.readFileSync(path.join(site, 'content/index.md'), 'utf8'),
    )
  }, 120_000)

  it('the dev server answers 403 for a file reached through a link that leaves the project', async () => {
    fs.symlinkSync(secret, publicFile('token.txt'))
    fs.symlinkSync(secretDir, publicFile('keys'))
    fs.symlinkSync('../index.md', publicFile('index-source.md'))
    // 7400-7899 holds none of the ports fetch refuses to connect to (6566 and 6665-6669 were in
    // the range this used before, and failed the test for some process ids).
    const port = 7400 + (process.pid % 500)
    const log = console.log
    console.log = () => undefined
    const server = await startDevServer(site, { port })
    try {
      for (const url of ['token.txt', 'keys/token.txt', '%74oken.txt']) {
        const response = await fetch(`${server.url}${url}`)
        const body = await response.text()
        expect(body, url).not.toContain('TOP-SECRET')
        expect(response.status, url).toBe(403)
      }
      const inside = await fetch(`${server.url}index-source.md`)
      expect(inside.status).toBe(200)
      expect(await inside.text()).toContain('title:')
      expect((await fetch(`${server.url}robots.txt`)).status).toBe(200)
    } finally {
      await server.close()
      console.log = log
    }
  }, 120_000)
})
