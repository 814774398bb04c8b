import { fenceRoles, FenceRole } from '../markdown/fenceScanner.ts'

/** An import of an MDX page from the site's own code: the names it binds, where it comes from, its line. */
export interface ComponentImport {
  specifier: string
  /** The local names it binds (`Card` of `import Card from ...`, `A`, `B` of `import { A, B as B2 }`: `B2`). */
  names: string[]
  /** Each binding: the export it takes (`default`, a name, or `*` for a namespace) and its local name. */
  bindings: { imported: string; local: string }[]
  line: number
}

const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/
const importRE = /^import\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm

/**
 * The imports of an MDX page that name the site's own components: not the theme's (Sheaf's theme
 * has them), not fragments (`.md`/`.mdx`, shown inline), not type-only, read outside fenced code
 * (an import in a code sample is not the page's). Side-effect imports (`import './x.css'`) bind no name.
 */
export function findComponentImports(source: string): ComponentImport[] {
  if (!source.includes('import')) return []
  const roles = fenceRoles(source)
  const prose = source
    .split('\n')
    .map((line, index) => (roles[index] === FenceRole.Outside ? line : ''))
    .join('\n')
  const found: ComponentImport[] = []
  for (const match of prose.matchAll(importRE)) {
    const [, clause, specifier] = match
    if (themeModuleRE.test(specifier) || /\.mdx?$/.test(specifier) || /^type\s/.test(clause)) continue
    const bindings = boundNames(clause)
    if (bindings.length === 0) continue
    found.push({
      specifier,
      names: bindings.map((binding) => binding.local),
      bindings,
      line: prose.slice(0, match.index).split('\n').length,
    })
  }
  return found
}

/** `Default, { A, B as C, type T }` -> `Default` (default), `A`, `C` (B); `* as NS` -> `NS` (`*`). */
function boundNames(clause: string): { imported: string; local: string }[] {
  const names: { imported: string; local: string }[] = []
  const braces = /\{([\s\S]*)\}/.exec(clause)
  const outside = clause
    .replace(/\{[\s\S]*\}/, '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const part of outside) {
    const namespace = /^\*\s+as\s+([\w$]+)$/.exec(part)
    if (namespace) names.push({ imported: '*', local: namespace[1] })
    else if (/^[\w$]+$/.test(part)) names.push({ imported: 'default', local: part })
  }
  for (const part of braces?.[1].split(',') ?? []) {
    const entry = part.trim()
    if (!entry || entry.startsWith('type ')) continue
    const alias = /^([\w$]+)\s+as\s+([\w$]+)$/.exec(entry)
    names.push(alias ? { imported: alias[1], local: alias[2] } : { imported: entry, local: entry })
  }
  return names
}
