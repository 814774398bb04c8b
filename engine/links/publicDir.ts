import path from 'node:path'

/**
 * The public folder relative to the site root, as pages' source paths are (`docs/public`): how link resolution finds an
 * image given by relative path.
 */
export function publicDirOf(config: { root: string; publicDir: string }): string {
  return path.relative(config.root, config.publicDir).split(path.sep).join('/')
}
