import fs from 'node:fs'
import path from 'node:path'

/**
 * A theme stylesheet as one plain CSS text, its relative `@import`s inlined, as Vite serves it to
 * a `<link>` (its CSS pipeline: postcss-import, then nothing else for plain CSS), or null when the
 * file needs more than that: a preprocessor's syntax, `url()`s (Vite rewrites them), an import of
 * a package or with media or layer conditions, a cycle, or a file that cannot be read.
 *
 * Why: the dev server answers its first page before Vite has started (see coldStart.ts), and the
 * page's stylesheet link must not wait for Vite, or the page paints no sooner. Null sends the
 * request to Vite, once it is up.
 */
export function plainStylesheet(file: string): string | null {
  return inline(path.resolve(file), new Set())
}

/** `@import './x.css';` (or "…", or url('…')) with no condition after it, on a line of its own. */
const importRule = /^[ \t]*@import\s+(?:url\(\s*)?(['"])([^'"]+)\1\s*\)?\s*;/gm

function inline(file: string, seen: Set<string>): string | null {
  if (!file.endsWith('.css') || seen.has(file)) return null
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
  const within = new Set(seen).add(file)
  let failed = false
  const out = text.replace(importRule, (_rule, _quote: string, specifier: string) => {
    if (!/^\.\.?\//.test(specifier)) {
      failed = true
      return ''
    }
    const imported = inline(path.resolve(path.dirname(file), specifier), within)
    if (imported === null) failed = true
    // (postcss-import drops an imported file's trailing whitespace.)
    return imported?.trimEnd() ?? ''
  })
  // Anything left that Vite would rewrite or resolve: an import this does not inline, a url().
  if (failed || /@import\b|\burl\(/i.test(out)) return null
  return out
}
