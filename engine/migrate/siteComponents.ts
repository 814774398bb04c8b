import fs from 'node:fs'
import path from 'node:path'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { findComponentImports } from './componentImports.ts'
import { copyComponentGraph } from './copyComponentFiles.ts'
import { resolveSiteModule } from './resolveSiteModule.ts'
import { runtimeUsage } from './rspressRuntime.ts'

/** A component of the Rspress site's own code that MDX pages import, as the migration found and copied it. */
export interface SiteComponent {
  /** Its file, relative to the Rspress site (`components/Card.tsx`). */
  file: string
  /** Where the migration copied it, relative to the new site (`site/components/Card.tsx`). */
  copiedTo: string
  /** The names pages import it as. */
  names: string[]
  /** The name each export is registered under in the new config's `components` (`Card` -> `default`). */
  registered: Record<string, string>
  /** The pages that import it, `docs/guide/a.mdx:3` (relative to the Rspress site). */
  importedBy: string[]
  /** Its imports from Rspress's runtime that `sheaf/runtime/rspress` has an equivalent of, and those it has not. */
  runtime: ReturnType<typeof runtimeUsage>
  /** Why it is not registered: a package the new site lacks, an unmapped runtime name, a name another has. */
  blockers: string[]
  /** Every file copied for it (itself and the site files it imports), relative to the new site. */
  files: string[]
}

interface Found {
  component: SiteComponent
  resolved: string
  exports: Map<string, string>
}

/**
 * Finds the React components MDX pages import from the site's code (outside the content folder,
 * through a relative path or a tsconfig alias), copies each with the site files it imports into
 * `site/components/` of the new site (site code is trusted: it is the site's, as the theme is),
 * and decides its registration: each export a page imports, under the name the page writes it
 * with (the default export: the import's name), unless something keeps it from building.
 * Imports that resolve to no file are left to the build check, which lists their pages.
 */
export function copySiteComponents(
  source: string,
  docsDir: string,
  target: string,
  aliases: Readonly<Record<string, string>>,
): SiteComponent[] {
  const found = findSiteComponents(source, docsDir, aliases)
  const copied = new Set<string>()
  const names = new Map<string, string>()
  for (const { component, resolved, exports } of found) {
    const graph = copyComponentGraph(resolved, { source, target, docsDir, aliases }, newPath, copied)
    component.files = graph.files
    const lacks = (name: string) => `uses \`${name}\` of Rspress's runtime, which Sheaf lacks`
    const unmapped = component.runtime.unmapped.map((item) => lacks(item.name))
    component.blockers.push(...graph.blockers, ...unmapped)
    for (const [name, exported] of exports) {
      const other = names.get(name)
      if (other !== undefined && other !== component.file) {
        const why = `the name \`${name}\` is registered for \`${other}\` already`
        component.blockers.push(`${why}: import this one under another name`)
      } else if (/^[A-Z][A-Za-z0-9]*$/.test(name)) {
        names.set(name, component.file)
        component.registered[name] = exported
      }
    }
    if (component.blockers.length > 0) component.registered = {}
  }
  return found.map((entry) => entry.component)
}

/** The site components the MDX pages import, each with its file and the exports pages name (MDX name -> export). */
function findSiteComponents(source: string, docsDir: string, aliases: Readonly<Record<string, string>>): Found[] {
  const byFile = new Map<string, Found>()
  const pages = walkDirectory(docsDir, { skip: ({ dirent }) => dirent.name === 'node_modules' })
    .filter((entry) => !entry.dirent.isDirectory() && entry.relative.endsWith('.mdx'))
    .map((entry) => entry.relative)
  for (const page of pages.sort()) {
    const pageFile = path.join(docsDir, page)
    for (const found of findComponentImports(fs.readFileSync(pageFile, 'utf8'))) {
      const resolved = resolveSiteModule(found.specifier, pageFile, source, aliases)
      if (!resolved || !/\.(tsx?|jsx?|mjs)$/.test(resolved)) continue
      if (isInside(resolved, docsDir) || isInside(resolved, path.join(source, 'node_modules'))) continue
      const file = toPosix(path.relative(source, resolved))
      const known = byFile.get(file) ?? { resolved, exports: new Map(), component: newComponent(file, resolved) }
      known.component.names = [...new Set([...known.component.names, ...found.names])]
      known.component.importedBy.push(`${toPosix(path.relative(source, pageFile))}:${found.line}`)
      // MDX names a default export by the import's name, a named one by its own (see remarkMdxComponents).
      for (const binding of found.bindings) {
        if (binding.imported === '*') {
          const why = 'MDX pages use a component by its name; import it by name'
          known.component.blockers.push(`\`import * as ${binding.local}\`: ${why}`)
        } else known.exports.set(binding.imported === 'default' ? binding.local : binding.imported, binding.imported)
      }
      byFile.set(file, known)
    }
  }
  return [...byFile.values()]
}

function newComponent(file: string, resolved: string): SiteComponent {
  const runtime = runtimeUsage(fs.readFileSync(resolved, 'utf8'))
  return { file, copiedTo: newPath(file), names: [], registered: {}, importedBy: [], runtime, blockers: [], files: [] }
}

type Registration = { module: string; export?: string }

/** The config's `components` for the registered ones: name -> `{ module, export? }` (from the new site's root). */
export function siteComponentsConfig(components: readonly SiteComponent[]): Record<string, Registration> {
  const config: Record<string, Registration> = {}
  for (const component of components) {
    for (const [name, exported] of Object.entries(component.registered)) {
      config[name] = { module: component.copiedTo, ...(exported === 'default' ? {} : { export: exported }) }
    }
  }
  return config
}

/** `components/Card.tsx` -> `site/components/Card.tsx`; any other site file keeps its path under `site/components/`. */
function newPath(file: string): string {
  return `site/components/${file.replace(/^components\//, '')}`
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/')
}
