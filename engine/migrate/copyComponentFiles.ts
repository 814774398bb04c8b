import fs from 'node:fs'
import path from 'node:path'
import { resolveSiteModule } from './resolveSiteModule.ts'
import { rspressCompatModule, runtimeModuleRE } from './rspressRuntime.ts'

/** A component's module graph as copied: its files, and what keeps it from building in Sheaf (packages the new site lacks). */
export interface CopiedGraph {
  /** Files copied, relative to the new site. */
  files: string[]
  /** Why it cannot be registered as it is: `imports the package \`clsx\` (site/components/Card.tsx)`. */
  blockers: string[]
}

const codeRE = /\.(tsx?|jsx?|mjs)$/
// Static imports and re-exports (`import x from '...'`, `import '...'`, `export { x } from '...'`).
const specifierRE = /^(\s*(?:import|export)\s(?:[\s\S]*?\sfrom\s+)?)(['"])([^'"]+)\2/gm
/** Packages the new site has: React (the engine's) and Sheaf itself. */
const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/
const availableRE = /^(react|react-dom|react\/jsx-runtime|sheaf)(\/|$)/

/**
 * Copies a component and the site files it imports (relative or through a tsconfig alias, any
 * depth) into the new site, where `newPath` says, and points their imports at the copies (a
 * relative path, as the files moved). Imports of Rspress's runtime become imports of Sheaf's
 * compatibility module; any other package is a blocker (the new site does not have it).
 */
export function copyComponentGraph(entry: string, site: { source: string; target: string; docsDir: string; aliases: Readonly<Record<string, string>> }, newPath: (relative: string) => string, copied: Set<string>): CopiedGraph {
  const files: string[] = []
  const blockers: string[] = []
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift()!
    const relative = toPosix(path.relative(site.source, file))
    if (copied.has(relative)) continue
    copied.add(relative)
    const to = newPath(relative)
    files.push(to)
    fs.mkdirSync(path.dirname(path.join(site.target, to)), { recursive: true })
    if (!codeRE.test(file)) {
      fs.copyFileSync(file, path.join(site.target, to))
      continue
    }
    const text = fs.readFileSync(file, 'utf8').replace(specifierRE, (whole, head: string, quote: string, specifier: string) => {
      if (runtimeModuleRE.test(specifier)) return `${head}${quote}${rspressCompatModule}${quote}`
      const resolved = resolveSiteModule(specifier, file, site.source, site.aliases)
      if (resolved && isInside(resolved, site.source) && !isInside(resolved, path.join(site.source, 'node_modules')) && !isInside(resolved, site.docsDir)) {
        queue.push(resolved)
        const target = newPath(toPosix(path.relative(site.source, resolved)))
        let from = toPosix(path.relative(path.dirname(to), codeRE.test(target) ? target.replace(codeRE, '') : target))
        if (!from.startsWith('.')) from = `./${from}`
        return `${head}${quote}${from}${quote}`
      }
      if (themeModuleRE.test(specifier)) blockers.push(`imports Rspress's theme (\`${specifier}\`, ${to}): Sheaf's theme components are MDX components, not a module`)
      else if (!specifier.startsWith('.') && !availableRE.test(specifier)) blockers.push(`imports the package \`${specifier}\` (${to}): add it to package.json`)
      else if (specifier.startsWith('.')) blockers.push(`imports \`${specifier}\`, which is not there (${to})`)
      return whole
    })
    fs.writeFileSync(path.join(site.target, to), text)
  }
  return { files, blockers }
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/')
}
