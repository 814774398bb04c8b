import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledRoot } from '../../../engine/packageRoot.ts'

// Which modules a fresh Node process loads when it imports one of the engine's compiled entries.
function modulesLoadedBy(...entries: string[]): string[] {
  const hook = `data:text/javascript,${encodeURIComponent('export async function load(url, context, next) { console.log("LOADED " + url); return next(url, context) }')}`
  const script =
    `import { register } from 'node:module'; register(${JSON.stringify(hook)}); ` +
    `for (const entry of ${JSON.stringify(entries.map((entry) => path.join(compiledRoot, entry)))}) ` +
    `await import(entry)`
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
  return out
    .split('\n')
    .filter((line) => line.startsWith('LOADED '))
    .map((line) => line.slice(7))
}

// The parser and serialiser come either from node_modules or, once compiled, from the bundles
// scripts/compile.mjs makes of them in dist/vendor (one file per package the engine imports).
const markdownPipeline =
  /node_modules\/(micromark[^/]*|remark-parse|mdast-util-from-markdown|mdast-util-to-markdown)\/|\/vendor\/(remark-parse|remark-stringify|remark-gfm|remark-mdx)\.js$/

// A site config imports `sheaf` and its plugins; a rebuild's main thread then only reads parsed
// pages from the cache. Loading the markdown libraries there cost a fifth of a second of every rebuild.
describe('the engine entry a site config imports', () => {
  it('does not load the markdown parser or serialiser, nor do the plugins this site runs', () => {
    const plugins = [
      'files',
      'versions',
      'i18n',
      'sidebar',
      'search',
      'analytics',
      'llms',
      'sitemap',
      'social-cards',
      'redirects',
    ]
    const loaded = modulesLoadedBy('engine/index.js', ...plugins.map((plugin) => `plugins/${plugin}/index.js`))
    expect(loaded.length).toBeGreaterThan(50)
    expect(loaded.filter((url) => markdownPipeline.test(url))).toEqual([])
  })

  it('while sheaf/markdown does', () => {
    expect(modulesLoadedBy('engine/markdown/toolkit.js').some((url) => markdownPipeline.test(url))).toBe(true)
  })
})
