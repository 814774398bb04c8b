import path from 'node:path'

/** A query to type: where it is written, the type's name and its text. */
export interface QueryToType {
  /** The module, absolute. */
  file: string
  name: string
  query: string
}

/** The generated files of a site: each folder's `queries.generated.ts` and the queries typed in it. */
export type TypeTargets = Map<string, QueryToType[]>

/**
 * Which `queries.generated.ts` types each query: the one of the site's own templates for a query
 * written under their folder, else the theme's (beside its layout), else the site templates' again.
 * A file outside the site, or in installed or compiled code (a theme of a package, such as
 * `sheaf/theme`), is never written: its package ships its types.
 */
export function typeTargets(
  queries: readonly QueryToType[],
  folders: { root: string; theme: string; siteTemplates?: string },
): TypeTargets {
  const targets: TypeTargets = new Map()
  const inside = (file: string, dir: string) => file.startsWith(dir + path.sep)
  // The theme's file is there even when it types nothing, as it always was.
  if (writableDir(folders.theme, folders.root)) targets.set(path.join(folders.theme, 'queries.generated.ts'), [])
  for (const query of queries) {
    const dir =
      folders.siteTemplates && inside(query.file, folders.siteTemplates)
        ? folders.siteTemplates
        : inside(query.file, folders.theme)
          ? folders.theme
          : (folders.siteTemplates ?? folders.theme)
    if (!writableDir(dir, folders.root)) continue
    const file = path.join(dir, 'queries.generated.ts')
    const list = targets.get(file) ?? []
    // One type per name: a static query written in two modules is one query.
    if (!list.some((known) => known.name === query.name)) list.push(query)
    targets.set(file, list)
  }
  return targets
}

/** Whether a generated file may be written in `dir`: inside the site, not in installed or compiled code. */
export function writableDir(dir: string, root: string): boolean {
  const relative = path.relative(root, dir)
  return (
    !relative.startsWith('..') &&
    !path.isAbsolute(relative) &&
    !/(?:^|[\\/])(?:node_modules|dist)(?:[\\/]|$)/.test(relative)
  )
}

/**
 * A static query's type name: its operation's (`query TeamFooter` -> `TeamFooterQuery`, as
 * Gatsby's `Queries.TeamFooterQuery`), or its module's for an anonymous one (`FooterStaticQuery`).
 */
export function staticQueryTypeName(query: string, file: string): string {
  const operation = /^\s*query\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(query)?.[1]
  return operation ? `${operation}Query` : `${moduleName(file)}StaticQuery`
}

/** A page query's type name: its module's (`templates/Doc.tsx` -> `DocQuery`). */
export function pageQueryTypeName(file: string): string {
  return `${moduleName(file)}Query`
}

function moduleName(file: string): string {
  return path.basename(file).replace(/\.[mc]?[tj]sx?$/, '')
}
