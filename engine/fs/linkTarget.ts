import fs from 'node:fs'
import path from 'node:path'

/**
 * Where a path leads once every symbolic link on the way is followed, judged against the
 * project: content (markdown, data, the public folder) may link anywhere inside the project and
 * nowhere outside it, or a pull request could publish `/etc/passwd`. One rule for the build's
 * public folder, the files plugin and the dev server's guard.
 */
export type LinkTarget =
  { kind: 'inside'; target: string } | { kind: 'outside'; target: string } | { kind: 'missing'; written: string }

export function linkTarget(file: string, projectRoot: string): LinkTarget {
  const target = realpathOrNull(file)
  if (target === null) return { kind: 'missing', written: readLinkOrEmpty(file) }
  const realRoot = realpathOrNull(projectRoot) ?? path.resolve(projectRoot)
  const relative = path.relative(realRoot, target)
  const inside =
    relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  return { kind: inside ? 'inside' : 'outside', target }
}

function realpathOrNull(file: string): string | null {
  try {
    return fs.realpathSync(file)
  } catch {
    return null
  }
}

function readLinkOrEmpty(file: string): string {
  try {
    return fs.readlinkSync(file)
  } catch {
    return ''
  }
}
