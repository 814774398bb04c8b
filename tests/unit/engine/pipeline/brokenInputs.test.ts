import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

function configOf(name: string): string {
  return fs.existsSync(path.join(brokenDir, name, 'config.ts')) ? 'config.ts' : '../config.ts'
}

async function failure(name: string): Promise<string> {
  const error = await build(path.join(brokenDir, name), {
    configFile: configOf(name),
    write: false,
    sink: quiet,
    cache: false,
    workers: false,
  }).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, `${name} should fail`).not.toBeNull()
  return formatError(error)
}

async function warnings(name: string): Promise<string[]> {
  const result = await build(path.join(brokenDir, name), {
    configFile: configOf(name),
    write: false,
    sink: quiet,
    cache: false,
    workers: false,
  })
  return result.warnings
}

describe('bad input fails with what, where and how to fix it', () => {
  const cases: [string, RegExp][] = [
    ['malformed-yaml', /content\/index\.md:2:\d+\n {2}The front-matter is not valid YAML[\s\S]*Fix: /],
    [
      'wrong-type-frontmatter',
      /content\/index\.md:2:1\n {2}The front-matter field `title` must be a string, got \[1,2\]\.\n {2}Fix: /,
    ],
    ['mdx-unknown-component', /content\/index\.mdx:3:1\n {2}Unknown component `<Carousel>`/],
    [
      'mdx-non-literal-prop',
      /content\/index\.mdx:3:1\n {2}The prop `groupId=\{window\.location\}` of `<Tabs>` is not a literal/,
    ],
    ['mdx-syntax-error', /content\/index\.mdx:3:1\n {2}MDX syntax error: [\s\S]*Fix: /],
    [
      'meta-bad-json',
      /content\/docs\/_meta\.json:3:1\n {2}`_meta\.json` is not valid JSON[\s\S]*Fix: .*no trailing commas/,
    ],
    [
      'meta-unknown-type',
      /content\/docs\/_meta\.json:1:4\n {2}Item 0 of `_meta\.json` has the unknown type "folder"\.\n {2}Fix: use one of "file", "dir", "divider", "section-header"/,
    ],
    [
      'meta-missing-name',
      /content\/docs\/_meta\.json:1\n {2}`_meta\.json` lists "b", but there is no page `docs\/b\.md`/,
    ],
    [
      'dead-links',
      /2 dead links:\ncontent\/index\.md:3:5 {2}\.\/nothing\.md {2}\(no page at that path; tried content\/nothing\.md\)\ncontent\/index\.md:3:\d+ {2}\.\/other\.md#nope {2}\(content\/other\.md has no heading with id "nope"\)\n {2}Fix: /,
    ],
    ['duplicate-route', /Two pages want the route `\/a\/?`: content\/a\.md and content\/a\/index\.md/],
    [
      'version-without-folder',
      /The version `12\.x` in the config has no pages\.\n {2}Fix: create content\/12\.x\/index\.md/,
    ],
    ['not-utf8', /content\/index\.md\n {2}The file is not valid UTF-8 text/],
    ['binary', /content\/index\.md\n {2}The file contains NUL bytes/],
    ['deep-nesting', /content\/index\.md:3:1\n {2}The blockquotes here are nested more than 100 levels deep/],
    ['config-throws', /config\.ts\n {2}The config file threw while loading: Missing SITE_TOKEN environment variable/],
    ['hook-throws', /\[flaky\] createPages:\n {2}The plugin threw while running `createPages`: the API answered 503/],
    [
      'many-errors',
      /3 files have errors:\ncontent\/docs\/a\.md:2:\d+\n {2}The front-matter is not valid YAML[\s\S]*\ncontent\/docs\/b\.mdx:7:1\n {2}Unknown component `<Carousel>`[\s\S]*\ncontent\/docs\/c\.mdx:7:1\n {2}An MDX expression/,
    ],
    [
      'template-throws',
      /tests\/fixtures\/broken\/template-throws\/theme\/Exploding\.tsx\n {2}Rendering \/boom \(from content\/boom\.md\) failed: tests\/fixtures\/broken\/template-throws\/theme\/Exploding\.tsx threw "cannot read the options of undefined"\.\n {2}Fix: fix /,
    ],
    [
      'hook-garbage',
      /\[garbage\] sourceNodes:\n {2}`sourceNodes` returned \[\{"type":"Page","title":"x"\}\], but hooks return nothing\.\n {2}Fix: use the api/,
    ],
  ]
  for (const [name, expected] of cases) {
    it(`reports ${name}`, async () => {
      expect(await failure(name)).toMatch(expected)
    })
  }
})

describe('bad input that only warns', () => {
  it('renders an unclosed fence as code to the end, with a warning', async () => {
    expect((await warnings('unclosed-fence')).join('\n')).toMatch(
      /content\/index\.md:5\n {2}A code fence is never closed/,
    )
  })

  it('warns on an unknown container type', async () => {
    expect((await warnings('unknown-container')).join('\n')).toMatch(
      /content\/index\.md:3:1\n {2}Unknown container type `:::shout`/,
    )
  })

  it('warns on an unknown code language', async () => {
    expect((await warnings('unknown-language')).join('\n')).toMatch(
      /content\/index\.md:3:1\n {2}Unknown code language `klingon`/,
    )
  })

  it('titles an empty page from its file name, with a warning', async () => {
    const result = await build(path.join(brokenDir, 'empty-file'), {
      configFile: '../config.ts',
      write: false,
      sink: quiet,
      cache: false,
      workers: false,
    })
    expect(result.warnings.join('\n')).toContain('The file is empty; the page is titled "Render hook"')
    expect(result.pages.find((page) => page.path === '/docs/render-hook')?.html).toContain('Render hook')
  })
})

describe('a failed build', () => {
  it('leaves the previous output untouched and no staging folder behind', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-out-'))
    try {
      fs.writeFileSync(path.join(out, 'index.html'), 'previous build')
      await expect(
        build(path.join(brokenDir, 'dead-links'), {
          configFile: '../config.ts',
          outDir: out,
          sink: quiet,
          cache: false,
          workers: false,
        }),
      ).rejects.toThrow(/dead links/)
      expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous build')
      expect(
        fs.readdirSync(path.dirname(out)).filter((name) => name.startsWith(`.${path.basename(out)}-staging`)),
      ).toEqual([])
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  })

  it('prints no stack trace unless --verbose', () => {
    const cli = path.join(root, 'bin/sheaf.js')
    const cwd = path.join(brokenDir, 'hook-throws')
    const plain = spawnSync(process.execPath, [cli, 'build', '--config', 'config.ts', '--quiet'], {
      cwd,
      encoding: 'utf8',
    })
    expect(plain.status).toBe(1)
    expect(plain.stderr).toContain('[flaky] createPages:')
    expect(plain.stderr).not.toMatch(/\n\s+at /)
    const verbose = spawnSync(process.execPath, [cli, 'build', '--config', 'config.ts', '--quiet', '--verbose'], {
      cwd,
      encoding: 'utf8',
    })
    expect(verbose.stderr).toMatch(/\n\s+at /)
  }, 60_000)
})
