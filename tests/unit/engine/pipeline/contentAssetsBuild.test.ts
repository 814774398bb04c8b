import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'

// Images outside the public folder in a real build: a page's good image is copied into assets/
// under the base; a path out of the project, a link out of it, an SVG with script and a missing
// file are each an error at their line, and none of them is copied.
const repo = path.resolve(import.meta.dirname, '../../../..')
const configFile = path.join(repo, 'tests/fixtures/broken/config.ts')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
let work: string
let site: string

const page = (imports: string[], images: string[]) =>
  ['---', 'title: Home', '---', '', ...imports, '', '# Home', '', ...images.flatMap((image) => [image, ''])].join('\n')

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-content-assets-'))
  site = path.join(work, 'site')
  fs.mkdirSync(path.join(site, 'content/img'), { recursive: true })
  fs.writeFileSync(path.join(work, 'secret.png'), png)
  fs.writeFileSync(path.join(site, 'content/img/good.png'), png)
  // Beside the content folder (the files plugin refuses such a link inside it before any page is read).
  fs.mkdirSync(path.join(site, 'assets'))
  fs.symlinkSync(path.join(work, 'secret.png'), path.join(site, 'assets/linked.png'))
  fs.writeFileSync(
    path.join(site, 'content/img/bad.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
  )
  const imports = [
    "import passwd from '../../../../../../../../../../etc/passwd.png'",
    "import linked from '../assets/linked.png'",
    "import bad from './img/bad.svg'",
    "import good from './img/good.png'",
  ]
  fs.writeFileSync(
    path.join(site, 'content/index.mdx'),
    page(imports, [
      '<img src={passwd} alt="p" />',
      '<img src={linked} alt="l" />',
      '<img src={bad} alt="b" />',
      '<img src={good} alt="g" />',
      '![missing](./img/missing.png)',
    ]),
  )
})

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('images outside the public folder in a build', () => {
  it('copies the good one and lists every other with its line and fix, copying none of them', async () => {
    const out = path.join(work, 'out')
    const result = await build(site, {
      configFile,
      sink: quiet,
      cache: false,
      workers: false,
      outDir: out,
      keepGoing: true,
    })
    expect(result.errors.map((error) => [error.line, error.message, error.hint])).toEqual([
      [
        12,
        expect.stringContaining('lies outside the project'),
        expect.stringContaining('copy the image into the project'),
      ],
      [14, expect.stringContaining('symbolic link'), expect.stringContaining('replace the link')],
      [16, expect.stringContaining('holds script'), expect.stringContaining('remove the script')],
      [20, expect.stringContaining('no such file: content/img/missing.png'), expect.any(String)],
    ])
    expect(result.errors.every((error) => error.file === 'content/index.mdx')).toBe(true)
    const copied = fs
      .readdirSync(path.join(out, 'assets'))
      .filter((name) => name.endsWith('.png') || name.endsWith('.svg'))
    expect(copied).toEqual([expect.stringMatching(/^good-[A-Za-z0-9_-]{8}\.png$/)])
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(`src="/assets/${copied[0]}"`)
  }, 60_000)

  it('fails without --keep-going, listing the three refused images together', async () => {
    await expect(build(site, { configFile, sink: quiet, cache: false, workers: false, write: false })).rejects.toThrow(
      /3 errors in 1 file[\s\S]*content\/index\.mdx:12/,
    )
  }, 60_000)

  it('a rebuild after an edit of the image alone gives the page its new URL, and the file is there', async () => {
    const other = path.join(work, 'rebuilt')
    fs.cpSync(site, other, { recursive: true, verbatimSymlinks: true })
    fs.writeFileSync(
      path.join(other, 'content/index.mdx'),
      page(["import good from './img/good.png'"], ['<img src={good} alt="g" />']),
    )
    const out = path.join(other, 'build')
    const srcOf = () => /src="\/assets\/(good-[^"]+)"/.exec(fs.readFileSync(path.join(out, 'index.html'), 'utf8'))?.[1]
    const options = { configFile, sink: quiet, workers: false, outDir: out }
    await build(other, options)
    const first = srcOf()
    fs.writeFileSync(path.join(other, 'content/img/good.png'), Buffer.concat([png, Buffer.from([0])]))
    await build(other, options)
    const second = srcOf()
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect(fs.existsSync(path.join(out, 'assets', String(second)))).toBe(true)
    expect(fs.existsSync(path.join(out, 'assets', String(first)))).toBe(false)
  }, 90_000)
})
