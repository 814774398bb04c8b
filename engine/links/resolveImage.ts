import path from 'node:path/posix'
import type { PageLink } from '../markdown/pageLinks.ts'
import { isExternalHref, withBase } from '../shared/routes.ts'
import type { DeadLink } from './deadLinks.ts'
import type { LinkContext, ResolvedLink } from './linkContext.ts'
import { safeDecode } from './safeDecode.ts'

/**
 * An image's URL: a public file's under the base, a copied file's in the output's assets; a missing or
 * refused one is added to `dead`.
 */
export function resolveImage(link: PageLink, context: LinkContext, file: string, dead: DeadLink[]): ResolvedLink {
  const src = link.href
  const where = { file, line: link.line, column: link.column, href: src }
  if (isExternalHref(src)) return {}
  if (src.startsWith('/')) {
    const pathPart = src.split(/[?#]/)[0]
    if (!context.publicFiles.has(pathPart)) dead.push({ ...where, reason: 'no such file in the public folder' })
    return { href: withBase(src, context.base) }
  }
  // A relative path (as an MDX page imports an image, `../public/a.png`) from the page's file: a
  // file of the public folder is served at its URL.
  const inPublic = context.publicDir === undefined ? undefined : publicPathOf(src, file, context.publicDir)
  if (inPublic !== undefined && context.publicFiles.has(inPublic)) return { href: withBase(inPublic, context.base) }
  const folder = context.publicDir ?? 'the public folder'
  // Anywhere else in the project: copied into the output's assets (see contentAssets.ts).
  if (context.assets) {
    const asset = context.assets.resolve(safeDecode(src.split(/[?#]/)[0]), file)
    if ('url' in asset) return { href: withBase(asset.url, context.base) }
    if ('refused' in asset) dead.push({ ...where, reason: asset.refused.reason, refusedHint: asset.refused.hint })
    else if ('notImage' in asset) dead.push({ ...where, reason: `${asset.notImage.reason}; ${asset.notImage.hint}` })
    else dead.push({ ...where, reason: `no such file: ${asset.missing}` })
    return {}
  }
  dead.push({
    ...where,
    reason:
      inPublic === undefined
        ? `images by relative path must be in ${folder}; move the file there and write its path from there, ` +
          `e.g. /img/diagram.svg`
        : `no such file in ${folder}`,
  })
  return {}
}

/**
 * The public URL (`/img/a.png`) of a relative image path from a page's source file, when it lies
 * inside the public folder; or, when the path goes through a folder of the public folder's name
 * (`../../public/a.png`), what follows it: a migrated site's pages sit one folder deeper than
 * they did in Rspress (under a version folder), and their paths to `docs/public` still say so.
 */
function publicPathOf(src: string, file: string, publicDir: string): string | undefined {
  const written = safeDecode(src.split(/[?#]/)[0])
  const resolved = path.normalize(path.join(path.dirname(file), written))
  const folder = path.normalize(publicDir).replace(/\/$/, '')
  if (resolved.startsWith(`${folder}/`)) return resolved.slice(folder.length)
  const segments = path.normalize(written).split('/')
  const at = segments.lastIndexOf(path.basename(folder))
  return at !== -1 && segments.slice(0, at).every((segment) => segment === '..')
    ? `/${segments.slice(at + 1).join('/')}`
    : undefined
}
