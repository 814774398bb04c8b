import path from 'node:path'

/**
 * The aliases that point into the content folder, as folders of the new site: the content is
 * copied to the same folder, but a site without versions gets its pages one folder down
 * (`docs/en` -> `docs/1.0/en`), and its public folder does not move.
 */
export function contentAliases(
  aliases: Readonly<Record<string, string>>,
  contentRoot: string,
  versionFolder: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {}
  const root = path.posix.normalize(contentRoot).replace(/\/$/, '')
  for (const [prefix, folder] of Object.entries(aliases)) {
    if (folder !== root && !folder.startsWith(`${root}/`)) continue
    const inside = folder.slice(root.length).replace(/^\//, '')
    out[prefix] =
      !versionFolder || inside === 'public' || inside.startsWith('public/')
        ? folder
        : path.posix.join(root, versionFolder, inside)
  }
  return out
}
