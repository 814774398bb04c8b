import fs from 'node:fs'
import path from 'node:path'

/**
 * The import aliases of an Rspress site, from its tsconfig's `compilerOptions.paths` (with
 * `baseUrl`): `"@en/*": ["./docs/en/*"]` -> `{ '@en': 'docs/en' }`, each folder relative to the
 * site. Rspress (Rsbuild) resolves MDX imports through them; Sheaf's `markdown.importAliases`
 * (fragments) and the migrated components take them from here. Only the first target of an
 * alias counts, as the first that exists usually does.
 */
export function readTsconfigPaths(siteDir: string): Record<string, string> {
  const file = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(siteDir, name))
    .find((candidate) => fs.existsSync(candidate))
  if (!file) return {}
  let parsed: { compilerOptions?: { baseUrl?: unknown; paths?: unknown } }
  try {
    parsed = JSON.parse(stripJsonComments(fs.readFileSync(file, 'utf8')))
  } catch {
    return {}
  }
  return aliasesFromPaths(
    parsed.compilerOptions?.paths,
    typeof parsed.compilerOptions?.baseUrl === 'string' ? parsed.compilerOptions.baseUrl : '.',
  )
}

/** `paths` entries as prefix -> folder: `@x/*` and `@x` both give `@x`; targets are taken from `baseUrl`. */
export function aliasesFromPaths(paths: unknown, baseUrl: string): Record<string, string> {
  const aliases: Record<string, string> = {}
  if (!paths || typeof paths !== 'object') return aliases
  for (const [pattern, targets] of Object.entries(paths as Record<string, unknown>)) {
    const target = Array.isArray(targets)
      ? targets.find((entry): entry is string => typeof entry === 'string')
      : undefined
    if (!target) continue
    const prefix = pattern.replace(/\/?\*$/, '')
    // A wildcard in the middle (`@x/*/y`) is no prefix: left out.
    if (!prefix || prefix.includes('*')) continue
    const folder = path.posix
      .normalize(path.posix.join(baseUrl, target.replace(/\/?\*$/, '')))
      .replace(/^\.\//, '')
      .replace(/\/$/, '')
    // `@x/*` names the folder; `@x` alone may name a file (`index.ts`): the folder form wins.
    if (pattern.endsWith('*') || !(prefix in aliases)) aliases[prefix] = folder
  }
  return aliases
}

/** JSON with `//` and `/* *\/` comments and trailing commas (as tsconfig files are written) as plain JSON. */
export function stripJsonComments(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '"') {
      const end = endOfString(text, i)
      out += text.slice(i, end)
      i = end - 1
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++
      out += '\n'
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 1
    } else out += char
  }
  return out.replace(/,(\s*[}\]])/g, '$1')
}

function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i + 1
  }
  return text.length
}
