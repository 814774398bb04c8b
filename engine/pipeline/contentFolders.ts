import path from 'node:path'
import type { NodeStore } from '../store/nodeStore.ts'

/**
 * The folders a site's content was read from: each File node's absolutePath minus its
 * relativePath (a files() plugin may read a folder outside the project). One list for the build,
 * whose output folder must keep clear of them (see assertSafeOutputDir), and the dev server,
 * which watches them and never serves what is in them raw (see contentFsDeny.ts).
 */
export function contentFolders(store: NodeStore): string[] {
  const dirs = new Set<string>()
  for (const node of store.getNodesByType('File')) {
    const { absolutePath, relativePath } = node as { absolutePath?: unknown; relativePath?: unknown }
    if (typeof absolutePath !== 'string' || typeof relativePath !== 'string' || relativePath === '') continue
    const suffix = relativePath.split('/').join(path.sep)
    if (absolutePath.endsWith(`${path.sep}${suffix}`)) dirs.add(absolutePath.slice(0, -suffix.length - 1))
  }
  return [...dirs]
}
