import fs from 'node:fs'
import path from 'node:path'

const extensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs']

/**
 * The file an import of an MDX page names in the Rspress site's own code, as Rsbuild resolves it:
 * a relative path from the page, or a tsconfig `paths` alias (longest prefix first; see
 * tsconfigPaths.ts); with or without its extension, or a folder's `index`. `null`: a package or
 * a file that is not there (the build check reports the page).
 */
export function resolveSiteModule(
  specifier: string,
  fromFile: string,
  siteDir: string,
  aliases: Readonly<Record<string, string>>,
): string | null {
  let base: string | null = null
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(fromFile), specifier)
  else {
    const alias = Object.keys(aliases)
      .filter((key) => specifier === key || specifier.startsWith(`${key}/`))
      .sort((a, b) => b.length - a.length)[0]
    if (alias !== undefined)
      base = path.resolve(siteDir, aliases[alias], specifier.slice(alias.length).replace(/^\//, ''))
  }
  if (base === null) return null
  const candidates = [
    base,
    ...extensions.map((ext) => `${base}${ext}`),
    ...extensions.map((ext) => path.join(base, `index${ext}`)),
  ]
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null
}
