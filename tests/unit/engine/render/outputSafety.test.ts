import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { formatError } from '../../../../engine/errors.ts'
import { buildMarker, resolveInside } from '../../../../engine/render/outputDir.ts'
import { decodeSegments, resolvePath, routeToDataFile, routeToHtmlFile } from '../../../../engine/shared/routes.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 19: no file name, plugin path or output folder may lead a build to write outside its
// output folder, or to delete anything that is not a previous build.

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`); outputs go to the system's temp folder.
const site = path.join(root, `tests/fixtures/.tmp-output-safety-${process.pid}`)
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-output-safety-'))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

beforeEach(() => {
  fs.rmSync(site, { recursive: true, force: true })
  copyBasicFixture(site)
})

/** An output folder three levels below a fresh temp folder: `../..` from it is still inside `temp`. */
function nestedOut(): { top: string; out: string } {
  const top = fs.mkdtempSync(path.join(temp, 'case-'))
  return { top, out: path.join(top, 'a', 'b', 'out') }
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

const page = (title: string) => `---\ntitle: ${title}\n---\n\n# ${title}\n\nText.\n`

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, 'the build should fail').not.toBeNull()
  return formatError(error)
}

describe('routes never decode into `..` or `/`', () => {
  it('keeps a segment literal when decoding it would change the path', () => {
    expect(decodeSegments('/%2e%2e%2f%2e%2e%2fPWNED')).toBe('/%2e%2e%2f%2e%2e%2fPWNED')
    expect(decodeSegments('/docs/%2E%2E/x')).toBe('/docs/%2E%2E/x')
    expect(decodeSegments('/a/%2e/b')).toBe('/a/%2e/b')
    expect(decodeSegments('/a%5cb')).toBe('/a%5cb')
    expect(decodeSegments('/a%00b')).toBe('/a%00b')
    expect(decodeSegments('/hello%20world/caf%C3%A9')).toBe('/hello world/café')
    // Decoding a route again (routeKey of a resolved route) stays inside too.
    const twice = resolvePath(resolvePath('/%252e%252e%252f%252e%252e%252fPWNED'))
    expect(twice.split('/')).not.toContain('..')
    for (const route of ['/%2e%2e%2f%2e%2e%2fPWNED', '/x/%2e%2e/%2e%2e/y', '/%252e%252e%252fz']) {
      expect(path.resolve('/out', routeToHtmlFile(resolvePath(route))).startsWith('/out/')).toBe(true)
      expect(path.resolve('/out', routeToDataFile(resolvePath(route))).startsWith('/out/_sheaf/data/')).toBe(true)
    }
  })

  it('resolveInside refuses every path that leaves the output folder', () => {
    expect(resolveInside('/out', 'a/b.html')).toBe('/out/a/b.html')
    expect(resolveInside('/out', '/sitemap.xml')).toBe('/out/sitemap.xml')
    for (const bad of ['../x', 'a/../../x', '..', '.', '', 'a\0b', '//../../etc/passwd', 'a/./../../b']) {
      expect(() => resolveInside('/out', bad), bad).toThrow(/Refusing to write/)
    }
  })

  it('refuses a content file whose name decodes to a path, with its location, and writes nothing outside', async () => {
    fs.writeFileSync(path.join(site, 'content/docs/%2e%2e%2f%2e%2e%2fPWNED.md'), page('Pwned'))
    const { top, out } = nestedOut()
    const message = await failureOf(build(site, { outDir: out, sink: quiet, cache: false, workers: false }))
    expect(message).toContain('content/docs/%2e%2e%2f%2e%2e%2fPWNED.md')
    expect(message).toMatch(/URL-decodes to `\.\.\/\.\.\/PWNED\.md`/)
    expect(filesUnder(top).filter((file) => /PWNED/i.test(file))).toEqual([])
    expect(filesUnder(site).filter((file) => /PWNED/i.test(file) && !file.startsWith('content/'))).toEqual([])
  }, 120_000)

  it('builds a doubly encoded name as a literal page inside the output folder', async () => {
    fs.writeFileSync(path.join(site, 'content/docs/%252e%252e%252f%252e%252e%252fPWNED.md'), page('Double'))
    const { top, out } = nestedOut()
    await build(site, { outDir: out, sink: quiet, cache: false, workers: false })
    const pwned = filesUnder(top).filter((file) => /PWNED/i.test(file))
    expect(pwned.length).toBeGreaterThan(0)
    for (const file of pwned) expect(path.join(top, file).startsWith(`${out}${path.sep}`), file).toBe(true)
  }, 120_000)

  it("refuses a plugin's emitFile and createPage paths that leave the output folder", async () => {
    const configWith = (name: string, hook: string) => {
      fs.writeFileSync(
        path.join(site, `site/${name}.ts`),
        `import base from './config.ts'\nexport default { ...base, plugins: [...base.plugins, { name: ` +
          `'escape', ${hook} }] }\n`,
      )
      return `site/${name}.ts`
    }
    const emitConfig = configWith(
      'config-emit',
      "async onPostBuild({ emitFile }) { await emitFile('../../../ESCAPED.txt', 'x') }",
    )
    const { top, out } = nestedOut()
    const emitted = await failureOf(
      build(site, { configFile: emitConfig, outDir: out, sink: quiet, cache: false, workers: false }),
    )
    expect(emitted).toMatch(/\[escape\] onPostBuild:[\s\S]*Refusing to write `\.\.\/\.\.\/\.\.\/ESCAPED\.txt`/)
    const pageConfig = configWith(
      'config-page',
      "createPages({ createPage }) { createPage({ path: '/../../../ESCAPED', template: 'doc', context: " +
        "{ path: '/docs/guide' } }) }",
    )
    await failureOf(build(site, { configFile: pageConfig, outDir: out, sink: quiet, cache: false, workers: false }))
    expect(filesUnder(top).filter((file) => /ESCAPED/.test(file))).toEqual([])
    // The failed builds left no staging folder behind.
    expect(fs.readdirSync(path.dirname(out))).toEqual([])
  }, 120_000)
})

describe('the output folder', () => {
  it('refuses the project root, a source folder, or a folder inside one, and deletes nothing', async () => {
    fs.mkdirSync(path.join(site, '.git'))
    fs.writeFileSync(path.join(site, '.git/HEAD'), 'ref: refs/heads/main\n')
    const cases: [string, RegExp][] = [
      ['.', /is the project root/],
      [path.dirname(site), /contains the project root/],
      ['content', /contains the public folder/],
      ['content/docs/out', /lies inside the content folder/],
      ['site', /is the config folder/],
      ['site/theme', /lies inside the config folder/],
      ['content/public', /is the public folder/],
      // Through a link, the folder is where the link leads.
      ['content-link/out', /lies inside the content folder/],
    ]
    fs.symlinkSync(path.join(site, 'content'), path.join(site, 'content-link'))
    // `.sheaf/` holds the client entry a build generates.
    const sources = () =>
      filesUnder(site)
        .filter((file) => !file.startsWith('.sheaf'))
        .sort()
    const before = sources()
    // The config is loaded once: the refusal depends on the folder alone, and each load bundles the config again.
    const config = loadConfig(site)
    for (const [outDir, expected] of cases) {
      const message = await failureOf(build(site, { config, outDir, sink: quiet, cache: false, workers: false }))
      expect(message, outDir).toMatch(expected)
      expect(message).toContain('Fix: ')
    }
    expect(sources()).toEqual(before)
    // `outDir: '.'` in the config is refused the same way.
    fs.writeFileSync(
      path.join(site, 'site/config-dot.ts'),
      "import base from './config.ts'\nexport default { ...base, outDir: '.' }\n",
    )
    expect(
      await failureOf(build(site, { configFile: 'site/config-dot.ts', sink: quiet, cache: false, workers: false })),
    ).toMatch(/is the project root/)
    expect(sources()).toEqual([...before, 'site/config-dot.ts'].sort())
  }, 120_000)

  it('`sheaf build --out .` exits non-zero and keeps the project', () => {
    fs.mkdirSync(path.join(site, '.git'))
    fs.writeFileSync(path.join(site, '.git/HEAD'), 'ref: refs/heads/main\n')
    const result = spawnSync(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--out', '.', '--quiet'], {
      cwd: site,
      encoding: 'utf8',
      env: { ...process.env, SHEAF_PREBUNDLE: '0' },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/is the project root/)
    expect(fs.readFileSync(path.join(site, '.git/HEAD'), 'utf8')).toContain('refs/heads/main')
    expect(fs.existsSync(path.join(site, 'content/index.md'))).toBe(true)
  }, 120_000)

  it('refuses to replace a non-empty folder that is not a previous build', async () => {
    const { out } = nestedOut()
    fs.mkdirSync(out, { recursive: true })
    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine')
    const message = await failureOf(build(site, { outDir: out, sink: quiet, cache: false, workers: false }))
    expect(message).toMatch(/is not empty and is not a previous Sheaf build/)
    expect(fs.readdirSync(out)).toEqual(['notes.txt'])
  }, 120_000)

  it('refuses an output folder under a file, naming the file', async () => {
    const { out } = nestedOut()
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, 'a file where the folder would be')
    const message = await failureOf(
      build(site, { outDir: path.join(out, 'site'), sink: quiet, cache: false, workers: false }),
    )
    expect(message).toContain(`cannot be made: ${out} is a file.`)
    expect(message).toContain('Fix: pass another folder with `--out`')
    expect(fs.readFileSync(out, 'utf8')).toBe('a file where the folder would be')
  }, 120_000)

  it('marks its output, replaces a previous build, and is readable by others (0755 under umask 022)', async () => {
    const { out } = nestedOut()
    await build(site, { outDir: out, sink: quiet, cache: false, workers: false })
    expect(fs.existsSync(path.join(out, buildMarker))).toBe(true)
    const umask = process.umask()
    expect(fs.statSync(out).mode & 0o777).toBe(0o777 & ~umask)
    if (umask === 0o022) expect(fs.statSync(out).mode & 0o777).toBe(0o755)
    fs.writeFileSync(path.join(out, 'stale.txt'), 'from the last build')
    await build(site, { outDir: out, sink: quiet, cache: false, workers: false })
    expect(fs.existsSync(path.join(out, 'stale.txt'))).toBe(false)
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true)
  }, 120_000)
})
