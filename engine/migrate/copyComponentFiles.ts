import fs from 'node:fs'
import path from 'node:path'
import { resolveSiteModule } from './resolveSiteModule.ts'
import { rspressCompatModule, runtimeModuleRE } from './rspressRuntime.ts'

/** A component's module graph as copied: its files, and what keeps it from building in Sheaf. */
export interface CopiedGraph {
  /** Files copied, relative to the new site. */
  files: string[]
  /** Why it cannot be registered as it is: `imports the package \`clsx\` (site/components/Card.tsx)`. */
  blockers: string[]
}

/** The Rspress site (its folder, content folder, tsconfig aliases) and the new site's folder. */
export interface CopySites {
  source: string
  target: string
  docsDir: string
  aliases: Readonly<Record<string, string>>
}

const codeRE = /\.(tsx?|jsx?|mjs)$/
// Static imports and re-exports (`import x from '...'`, `import '...'`, `export { x } from '...'`).
const specifierRE = /^(\s*(?:import|export)\s(?:[\s\S]*?\sfrom\s+)?)(['"])([^'"]+)\2/gm
const unbundledStyleRE = /\.module\.\w+$|\.(s[ac]ss|less|styl)$/
const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/
/** Packages the new site has: React (the engine's) and Sheaf itself. */
const availableRE = /^(react|react-dom|react\/jsx-runtime|sheaf)(\/|$)/

/**
 * Copies a component and the site files it imports (relative or through a tsconfig alias, any
 * depth) into the new site, where `newPath` says, and points their imports at the copies (a
 * relative path, as the files moved). Imports of Rspress's runtime become imports of Sheaf's
 * compatibility module; any other package is a blocker (the new site does not have it).
 */
export function copyComponentGraph(
  entry: string,
  sites: CopySites,
  newPath: (relative: string) => string,
  copied: Set<string>,
): CopiedGraph {
  const files: string[] = []
  const blockers: string[] = []
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift()!
    const relative = toPosix(path.relative(sites.source, file))
    if (copied.has(relative)) continue
    copied.add(relative)
    const to = newPath(relative)
    files.push(to)
    fs.mkdirSync(path.dirname(path.join(sites.target, to)), { recursive: true })
    if (!codeRE.test(file)) {
      fs.copyFileSync(file, path.join(sites.target, to))
      continue
    }
    const source = fs.readFileSync(file, 'utf8')
    const text = source.replace(specifierRE, (whole, head: string, quote: string, specifier: string) => {
      const rewritten = rewriteSpecifier(specifier, { file, to, sites, newPath, queue, blockers })
      return rewritten === null ? whole : `${head}${quote}${rewritten}${quote}`
    })
    fs.writeFileSync(path.join(sites.target, to), text)
  }
  return { files, blockers }
}

interface SpecifierContext {
  /** The importing file (in the Rspress site) and its copy (relative to the new site). */
  file: string
  to: string
  sites: CopySites
  newPath: (relative: string) => string
  queue: string[]
  blockers: string[]
}

/** What an import of a copied file becomes: Sheaf's runtime, the relative path of a copy, or `null` (as written). */
function rewriteSpecifier(specifier: string, context: SpecifierContext): string | null {
  const { file, to, sites, newPath, queue, blockers } = context
  if (runtimeModuleRE.test(specifier)) return rspressCompatModule
  const resolved = resolveSiteModule(specifier, file, sites.source, sites.aliases)
  const modules = path.join(sites.source, 'node_modules')
  const isSiteFile = resolved && isInside(resolved, sites.source) && !isInside(resolved, modules)
  if (resolved && isSiteFile && !isInside(resolved, sites.docsDir)) {
    // CSS modules and preprocessors: the server's bundle (esbuild) and the browser's (Vite) would
    // name the classes differently (a hydration mismatch), or not compile them at all.
    if (unbundledStyleRE.test(resolved)) {
      const why = 'a CSS module or Sass/Less file; use plain CSS in `theme.styles`'
      blockers.push(`imports the stylesheet \`${specifier}\` (${to}): ${why}`)
    }
    queue.push(resolved)
    const target = newPath(toPosix(path.relative(sites.source, resolved)))
    const from = toPosix(path.relative(path.dirname(to), codeRE.test(target) ? target.replace(codeRE, '') : target))
    return from.startsWith('.') ? from : `./${from}`
  }
  if (themeModuleRE.test(specifier)) {
    const why = "Sheaf's theme components are MDX components, not a module"
    blockers.push(`imports Rspress's theme (\`${specifier}\`, ${to}): ${why}`)
  } else if (!specifier.startsWith('.') && !availableRE.test(specifier)) {
    blockers.push(`imports the package \`${specifier}\` (${to}): add it to package.json`)
  } else if (specifier.startsWith('.')) {
    blockers.push(`imports \`${specifier}\`, which is not there (${to})`)
  }
  return null
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/')
}
