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
  /** Why it is not registered (a package the new site lacks, an unmapped runtime name, a name another component has). */
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
export function copySiteComponents(source: string, docsDir: string, target: string, aliases: Readonly<Record<string, string>>): SiteComponent[] {
  const byFile = new Map<string, Found>()
  const pages = walkDirectory(docsDir, { skip: ({ dirent }) => dirent.name === 'node_modules' }).filter((entry) => !entry.dirent.isDirectory() && entry.relative.endsWith('.mdx'))
  for (const page of pages.map((entry) => entry.relative).sort()) {
    const pageFile = path.join(docsDir, page)
    for (const found of findComponentImports(fs.readFileSync(pageFile, 'utf8'))) {
      const resolved = resolveSiteModule(found.specifier, pageFile, source, aliases)
      if (!resolved || isInside(resolved, docsDir) || isInside(resolved, path.join(source, 'node_modules')) || !/\.(tsx?|jsx?|mjs)$/.test(resolved)) continue
      const file = toPosix(path.relative(source, resolved))
      const known: Found = byFile.get(file) ?? { resolved, exports: new Map(), component: { file, copiedTo: newPath(file), names: [], registered: {}, importedBy: [], runtime: runtimeUsage(fs.readFileSync(resolved, 'utf8')), blockers: [], files: [] } }
      known.component.names = [...new Set([...known.component.names, ...found.names])]
      known.component.importedBy.push(`${toPosix(path.relative(source, pageFile))}:${found.line}`)
      // MDX names a default export by the import's name, a named one by its own (see remarkMdxComponents).
      for (const binding of found.bindings) {
        if (binding.imported === '*') known.component.blockers.push(`\`import * as ${binding.local}\`: MDX pages use a component by its name; import it by name`)
        else known.exports.set(binding.imported === 'default' ? binding.local : binding.imported, binding.imported)
      }
      byFile.set(file, known)
    }
  }
  const copied = new Set<string>()
  const names = new Map<string, string>()
  for (const { component, resolved, exports } of byFile.values()) {
    const graph = copyComponentGraph(resolved, { source, target, docsDir, aliases }, newPath, copied)
    component.files = graph.files
    component.blockers.push(...graph.blockers, ...component.runtime.unmapped.map((item) => `uses \`${item.name}\` of Rspress's runtime, which Sheaf has not`))
    for (const [name, exported] of exports) {
      const other = names.get(name)
      if (other !== undefined && other !== component.file) component.blockers.push(`the name \`${name}\` is registered for \`${other}\` already: import this one under another name`)
      else if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) continue
      else {
        names.set(name, component.file)
        component.registered[name] = exported
      }
    }
    if (component.blockers.length > 0) component.registered = {}
  }
  return [...byFile.values()].map((found) => found.component)
}

/** The config's `components` for the registered ones: name -> `{ module, export? }` (paths from the new site's root). */
export function siteComponentsConfig(components: readonly SiteComponent[]): Record<string, { module: string; export?: string }> {
  const config: Record<string, { module: string; export?: string }> = {}
  for (const component of components) {
    for (const [name, exported] of Object.entries(component.registered)) config[name] = { module: component.copiedTo, ...(exported === 'default' ? {} : { export: exported }) }
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
