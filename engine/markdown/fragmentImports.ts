import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { globMatcher } from '../fs/globMatcher.ts'
import { fenceRoles, FenceRole } from './fenceScanner.ts'

/**
 * Where MDX fragments are found: "every MDX file is also a component" (Rspress), so a page may
 * `import Shared from './_shared.mdx'` (or through an alias, `@en/shared/x.mdx`) and render
 * `<Shared />`. Sheaf inlines the fragment's content there at build time (remarkMdxFragments.ts):
 * it is markdown, never run.
 */
export interface FragmentOptions {
  /** The site root: page paths (`docs/guide/a.mdx`) and alias folders are relative to it. */
  root: string
  /** Import prefix -> folder from the site root (`{ '@en': 'docs/en' }`, config `markdown.importAliases`). */
  aliases: Readonly<Record<string, string>>
}

const fragmentRE = /\.mdx?$/

/** A site's fragment options, from its config. */
export function fragmentOptions(config: {
  root: string
  markdown: { importAliases: Record<string, string> }
}): FragmentOptions {
  return { root: config.root, aliases: config.markdown.importAliases }
}

/**
 * The absolute path an import of a page refers to when it is a fragment (ends in `.md`/`.mdx`),
 * relative to the importing file or through the longest alias that prefixes it; `null` when the
 * import is not a fragment. An alias-looking path no alias covers is returned as `unresolved`.
 */
export function resolveFragmentPath(
  specifier: string,
  fromFile: string,
  options: FragmentOptions,
): { file: string } | { unresolved: true } | null {
  if (!fragmentRE.test(specifier)) return null
  if (specifier.startsWith('./') || specifier.startsWith('../'))
    return { file: path.resolve(options.root, path.dirname(fromFile), specifier) }
  const alias = Object.keys(options.aliases)
    .filter((key) => specifier === key || specifier.startsWith(key.endsWith('/') ? key : `${key}/`))
    .sort((a, b) => b.length - a.length)[0]
  if (alias === undefined) return { unresolved: true }
  const rest = specifier.slice(alias.length).replace(/^\//, '')
  return { file: path.resolve(options.root, options.aliases[alias], rest) }
}

const importRE = /^import\s[\s\S]*?from\s+['"]([^'"]+)['"]/gm

/** The module specifiers a page's import lines name (outside fenced code), for its cache stamp. */
export function importSpecifiers(source: string): string[] {
  if (!source.includes('import')) return []
  const roles = fenceRoles(source)
  const prose = source
    .split('\n')
    .map((line, index) => (roles[index] === FenceRole.Outside ? line : ''))
    .join('\n')
  return [...prose.matchAll(importRE)].map((match) => match[1])
}

/**
 * A digest of the fragments a page imports, directly or through other fragments: part of the
 * page's markdown cache key, so an edited fragment re-transforms every page that shows it (in a
 * build and in the dev server). Empty when the page imports none. A cycle or a missing file
 * stops the walk; the transform reports it at its line.
 */
export function fragmentStamp(source: string, file: string, options: FragmentOptions): string {
  if (!/\.mdx?['"]/.test(source)) return ''
  const hash = createHash('sha1')
  const seen = new Set<string>()
  const visit = (text: string, from: string) => {
    for (const specifier of importSpecifiers(text)) {
      const resolved = resolveFragmentPath(specifier, from, options)
      if (!resolved || !('file' in resolved) || seen.has(resolved.file)) continue
      seen.add(resolved.file)
      let content: string
      try {
        content = fs.readFileSync(resolved.file, 'utf8')
      } catch {
        hash.update(`\0missing:${resolved.file}`)
        continue
      }
      hash.update(`\0${resolved.file}\0${content}`)
      visit(content, path.relative(options.root, resolved.file))
    }
  }
  visit(source, file)
  return seen.size === 0 ? '' : hash.digest('hex')
}

/** Whether a file (its path from the site root) is a fragment, not a page: config `markdown.fragments` globs. */
export function fragmentMatcher(globs: readonly string[]): (sourcePath: string) => boolean {
  return globMatcher(globs)
}
