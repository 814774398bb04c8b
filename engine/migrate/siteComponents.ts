import fs from 'node:fs'
import path from 'node:path'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { findComponentImports } from './componentImports.ts'
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
  /** The pages that import it, `docs/guide/a.mdx:3` (relative to the Rspress site). */
  importedBy: string[]
  /** Its imports from Rspress's runtime that `sheaf/runtime` has an equivalent of, and those it has not. */
  runtime: ReturnType<typeof runtimeUsage>
}

/**
 * Finds the React components MDX pages import from the site's code (outside the content folder,
 * through a relative path or a tsconfig alias), and copies each into `site/components/` of the
 * new site, keeping its path (site code is trusted: it is the site's, as the theme is).
 * Imports that resolve to no file are left to the build check, which lists their pages.
 */
export function copySiteComponents(source: string, docsDir: string, target: string, aliases: Readonly<Record<string, string>>): SiteComponent[] {
  const byFile = new Map<string, SiteComponent>()
  const pages = walkDirectory(docsDir, { skip: ({ dirent }) => dirent.name === 'node_modules' }).filter((entry) => !entry.dirent.isDirectory() && entry.relative.endsWith('.mdx'))
  for (const page of pages.map((entry) => entry.relative).sort()) {
    const pageFile = path.join(docsDir, page)
    for (const found of findComponentImports(fs.readFileSync(pageFile, 'utf8'))) {
      const resolved = resolveSiteModule(found.specifier, pageFile, source, aliases)
      if (!resolved || isInside(resolved, docsDir) || isInside(resolved, path.join(source, 'node_modules'))) continue
      const file = toPosix(path.relative(source, resolved))
      const known = byFile.get(file) ?? { file, copiedTo: `site/components/${file.replace(/^components\//, '')}`, names: [], importedBy: [], runtime: runtimeUsage(fs.readFileSync(resolved, 'utf8')) }
      known.names = [...new Set([...known.names, ...found.names])]
      known.importedBy.push(`${toPosix(path.relative(source, pageFile))}:${found.line}`)
      byFile.set(file, known)
    }
  }
  for (const component of byFile.values()) {
    fs.mkdirSync(path.dirname(path.join(target, component.copiedTo)), { recursive: true })
    fs.copyFileSync(path.join(source, component.file), path.join(target, component.copiedTo))
  }
  return [...byFile.values()]
}

/** MIGRATION.md's "Site components" section (empty without any). */
export function siteComponentsSection(components: readonly SiteComponent[]): string {
  if (components.length === 0) return ''
  const rows = components.map((component) => {
    const unmapped = component.runtime.unmapped.map((item) => `\`${item.name}\` (${item.why})`).join('; ')
    const mapped = component.runtime.mapped.map((name) => `\`${name}\``).join(', ')
    return `- \`${component.file}\` -> \`${component.copiedTo}\` (as ${component.names.map((name) => `\`${name}\``).join(', ')}; imported by ${component.importedBy.map((where) => `\`${where}\``).join(', ')})${mapped ? `. Rspress runtime with a \`sheaf/runtime\` equivalent: ${mapped}` : ''}${unmapped ? `. **Not mapped:** ${unmapped}` : ''}`
  })
  return `## Site components\n\nThe MDX pages import these components of the site's own code. Each was copied into the new site;\nits pages are listed under "Content to change" until it is registered as an MDX component of the site.\n\n${rows.join('\n')}\n\n`
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/')
}
