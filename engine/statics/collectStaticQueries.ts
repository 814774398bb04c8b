import fs from 'node:fs'
import path from 'node:path'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { findStaticQueries, type FoundStaticQuery } from './findStaticQueries.ts'

/** A static query to run: its text, and every place it is written (one id may be in several modules). */
export interface StaticQuery {
  id: string
  text: string
  places: string[]
}

const moduleFile = /\.(?:[mc]?[jt]sx?)$/
/** Declarations and generated types hold no query; dependencies and dot-folders are not the site's. */
const skippedName = /^(?:node_modules|\..*)$|\.d\.ts$/

/**
 * The static queries of the modules a site renders with: every module under the folders of its
 * theme's layout and templates and of its own templates (`files`), read once per build. Gatsby
 * reads its `src/`; Sheaf knows no such folder, so the modules it renders say where to look.
 */
export function collectStaticQueries(files: readonly string[], root: string): StaticQuery[] {
  const byId = new Map<string, StaticQuery>()
  for (const file of moduleFiles(files)) {
    const relative = path.relative(root, file) || file
    for (const query of findStaticQueries(fs.readFileSync(file, 'utf8'), relative)) add(byId, query)
  }
  return [...byId.values()]
}

function add(byId: Map<string, StaticQuery>, query: FoundStaticQuery): void {
  const place = `${query.file}:${query.line}:${query.column}`
  const known = byId.get(query.id)
  if (known) known.places.push(place)
  else byId.set(query.id, { id: query.id, text: query.text, places: [place] })
}

/** The module files under the folders of `files`, each folder walked once (a folder inside another is the other's). */
export function moduleFiles(files: readonly string[]): string[] {
  const folders = [...new Set(files.map((file) => path.dirname(path.resolve(file))))].sort()
  const roots = folders.filter(
    (folder, index) => !folders.slice(0, index).some((outer) => folder.startsWith(outer + path.sep)),
  )
  const found = new Set<string>()
  for (const root of roots) {
    const entries = walkDirectory(root, {
      skip: (entry) => skippedName.test(entry.dirent.name),
      compare: (a, b) => a.localeCompare(b),
      ignoreUnreadable: true,
    })
    for (const entry of entries) if (entry.dirent.isFile() && moduleFile.test(entry.dirent.name)) found.add(entry.path)
  }
  return [...found]
}
