import type { Element, Root } from 'hast'
import type { PageLink } from '../markdown/pageLinks.ts'
import { encodeRoute } from '../shared/encodeRoute.ts'
import { isExternalHref, withBase } from '../shared/routes.ts'
import type { SheafNode } from '../store/types.ts'
import type { DeadLink } from './deadLinks.ts'
import type { LinkContext, ResolvedLink } from './linkContext.ts'
import { findTargetAsRspress } from './linkTarget.ts'
import { resolveImage } from './resolveImage.ts'
import { safeDecode } from './safeDecode.ts'

/**
 * The page's dead links, from its list of links (see markdown/pageLinks.ts): the check of a
 * whole site reads no body.
 */
export function findDeadLinks(page: SheafNode, context: LinkContext): DeadLink[] {
  const dead: DeadLink[] = []
  const file = String(page.sourcePath)
  for (const link of (page.links as PageLink[] | undefined) ?? []) resolveLink(link, page, context, file, dead)
  return dead
}

/**
 * Resolves the page's images alone: the images it names are then in `context.assets`. Returns
 * the copied ones' URLs.
 */
export function findImageAssets(page: SheafNode, context: LinkContext): string[] {
  const ignored: DeadLink[] = []
  const urls: string[] = []
  for (const link of (page.links as PageLink[] | undefined) ?? []) {
    if (link.tag !== 'img') continue
    const { href } = resolveImage(link, context, String(page.sourcePath), ignored)
    if (href !== undefined && context.assets?.byUrl.has(href.slice(context.base.length - 1))) urls.push(href)
  }
  return urls
}

/**
 * Rewrites the links of a page's body in place (relative `.md` links become routes under the
 * base and the page's version; absolute routes stay within the version) and marks external
 * links. A dead link is left as written: findDeadLinks reports it.
 */
export function rewriteLinks(body: Root, page: SheafNode, context: LinkContext): Root {
  const file = String(page.sourcePath)
  const ignored: DeadLink[] = []
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      const attribute = child.tagName === 'a' ? 'href' : child.tagName === 'img' ? 'src' : null
      const value = attribute ? child.properties[attribute] : undefined
      if (attribute && typeof value === 'string') {
        const resolved = resolveLink(
          { tag: child.tagName as PageLink['tag'], href: value },
          page,
          context,
          file,
          ignored,
        )
        if (resolved.href !== undefined) child.properties[attribute] = resolved.href
        if (resolved.external) {
          child.properties.target = '_blank'
          child.properties.rel = ['noopener', 'noreferrer']
        }
      }
      visit(child)
    }
  }
  visit(body)
  return body
}

/** `rewriteLinks` on the page's raw body (a copy unless `inPlace`), and `findDeadLinks`. */
export function resolvePageLinks(
  page: SheafNode,
  context: LinkContext,
  inPlace = false,
): { body: Root; dead: DeadLink[] } {
  const raw = page.rawBody as Root
  return { body: rewriteLinks(inPlace ? raw : structuredClone(raw), page, context), dead: findDeadLinks(page, context) }
}

function resolveLink(
  link: PageLink,
  page: SheafNode,
  context: LinkContext,
  file: string,
  dead: DeadLink[],
): ResolvedLink {
  return link.tag === 'img' ? resolveImage(link, context, file, dead) : resolveAnchor(link, page, context, file, dead)
}

function resolveAnchor(
  link: PageLink,
  page: SheafNode,
  context: LinkContext,
  file: string,
  dead: DeadLink[],
): ResolvedLink {
  const href = link.href
  const where = { file, line: link.line, column: link.column, href }
  if (isExternalHref(href)) return { external: /^https?:|^\/\//i.test(href) }
  const [pathAndQuery, hash] = splitHash(href)
  const pathPart = pathAndQuery.split('?')[0]
  if (pathPart === '') {
    if (hash && !(page.anchors as string[]).includes(hash))
      dead.push({ ...where, reason: `no heading with id "${hash}" on this page`, anchorOnly: true })
    return {}
  }
  if (pathPart.startsWith('/') && context.publicFiles.has(pathPart)) return { href: withBase(pathPart, context.base) }
  const { target, tried } = findTargetAsRspress(pathPart, page, context)
  if (!target) {
    // Shown as the contributor sees them: `content/13.x/docs/x.md`, not the path inside the content folder.
    const folder = String(page.sourcePath).slice(0, -String(page.relativePath).length)
    const shown = tried.map((candidate) => (candidate.startsWith('route ') ? candidate : folder + candidate))
    dead.push({
      ...where,
      reason: `no page at that path; tried ${shown.join(', ')}`,
    })
    return {}
  }
  if (hash && !(target.anchors as string[]).includes(hash)) {
    dead.push({ ...where, reason: `${String(target.sourcePath)} has no heading with id "${hash}"`, anchorOnly: true })
  }
  return { href: withBase(encodeRoute(String(target.path)), context.base) + (hash ? `#${hash}` : '') }
}

function splitHash(href: string): [string, string] {
  const index = href.indexOf('#')
  return index === -1 ? [href, ''] : [href.slice(0, index), safeDecode(href.slice(index + 1))]
}
