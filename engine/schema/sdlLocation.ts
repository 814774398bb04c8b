import { getLocation, type ASTNode } from 'graphql'

/** Where an SDL node was written: `the type defs of plugin authors:3:12` (its source names the plugin). */
export function sdlLocation(node: ASTNode | null | undefined): string {
  const loc = node?.loc
  if (!loc) return 'generated SDL'
  const { line, column } = getLocation(loc.source, loc.start)
  return `${loc.source.name}:${line}:${column}`
}
