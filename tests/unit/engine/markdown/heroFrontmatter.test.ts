import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'

// Issue 38: a home page's hero action whose `link` was not a string crashed the render
// ("href.startsWith is not a function") naming no line. Each hero field a theme reads as a string
// is checked at build time, at its line. Site roots beside tests/fixtures/broken (shared config).

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const generated: string[] = []

afterEach(() => {
  for (const dir of generated.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

async function outcome(home: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(brokenDir, '.generated-'))
  generated.push(dir)
  fs.mkdirSync(path.join(dir, 'content'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'content/index.md'), home)
  return build(dir, { configFile: '../config.ts', write: false, sink: quiet, cache: false, workers: false }).then(
    () => 'ok',
    (error: unknown) => formatError(error),
  )
}

const home = (hero: string) => `---\npageType: home\ntitle: Home\nhero:\n${hero}\n---\n`

describe("a home page's hero", () => {
  it('refuses an action link that is not a string, at its line', async () => {
    const message = await outcome(
      home('  name: Site\n  actions:\n    - text: Start\n      link: /guide/\n    - text: More\n      link: 5'),
    )
    expect(message).toMatch(
      /content\/index\.md:10:1\n {2}The front-matter field `hero\.actions\[1\]\.link` must be a string \(a route or a URL\), got 5\.\n {2}Fix: write e\.g\. `link: \/guide\/introduction`\./,
    )
  }, 30_000)

  it('refuses other wrongly typed hero fields at their lines', async () => {
    expect(await outcome(home('  name: [a, b]'))).toMatch(
      /content\/index\.md:5:1\n {2}The front-matter field `hero\.name` must be a string, got \["a","b"\]/,
    )
    expect(await outcome(home('  actions:\n    - text: Start'))).toMatch(
      /content\/index\.md:\d+:1\n {2}The front-matter field `hero\.actions\[0\]\.link` must be a string \(a route or a URL\), got nothing/,
    )
    expect(await outcome(home('  actions: /guide/'))).toMatch(
      /content\/index\.md:5:1\n {2}The front-matter field `hero\.actions` must be a list of actions, got "\/guide\/"/,
    )
    expect(await outcome(home('  image:\n    src: { a: 1 }'))).toMatch(
      /content\/index\.md:6:1\n {2}The front-matter field `hero\.image\.src` must be a string/,
    )
  }, 30_000)

  it('takes a well-typed hero', async () => {
    expect(
      await outcome(
        home(
          '  name: Site\n  tagline: Docs\n  image:\n    src: /logo.svg\n    alt: Logo\n  actions:\n' +
            '    - text: Start\n      link: /guide/\n      theme: brand',
        ),
      ),
    ).toBe('ok')
  }, 30_000)
})
