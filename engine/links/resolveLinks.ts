import type { Element, Root } from 'hast'
import path from 'node:path/posix'
import { SheafError } from '../errors.ts'
import type { PageLink } from '../markdown/pageLinks.ts'
import { encodeRoute } from '../shared/encodeRoute.ts'
import { isExternalHref, resolvePath, routeKey, toRoute, withBase } from '../shared/routes.ts'
import type { SheafNode } from '../store/types.ts'
import type { ContentAssets } from './contentAssets.ts'

export interface DeadLink {
  file: string
  line?: number
  column?: number
  href: string
  reason: string
  /** The page exists; only its #anchor does not (`links.deadAnchors` decides: error or warning). */
  anchorOnly?: boolean
  /**
   * An image that may not be copied (see contentAssets.ts): how to fix it. Reported even when
   * dead links are not checked.
   */
  refusedHint?: string
}

export interface LinkContext {
  base: string
  /** Public file URLs (`/img/a.svg`), relative to the base. */
  publicFiles: Set<string>
  /** Page nodes by relative content path (`13.x/docs/api/render.md`). */
  pagesByFile: Map<string, SheafNode>
  /** Page nodes by route key. */
  pagesByRoute: Map<string, SheafNode>
  /**
   * The public folder relative to the site root (`docs/public`), for images by relative path; none: such images are
   * dead.
   */
  publicDir?: string
  /** Where images outside the public folder are copied from (none: such images are dead). */
  assets?: ContentAssets
}

const markdownFileRE = /\.mdx?$/

/** Indexes pages for link resolution. */
export function createLinkContext(
  pages: SheafNode[],
  base: string,
  publicFiles: Set<string>,
  publicDir?: string,
  assets?: ContentAssets,
): LinkContext {
  return {
    base,
    publicFiles,
    ...(publicDir === undefined ? {} : { publicDir }),
    ...(assets === undefined ? {} : { assets }),
    pagesByFile: new Map(pages.map((page) => [String(page.relativePath), page])),
    pagesByRoute: new Map(pages.map((page) => [routeKey(String(page.path)), page])),
  }
}

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

/**
 * Reports the dead links found by `resolvePageLinks`: with `deadAnchors: 'warn'`, each link to an
 * existing page whose #anchor is missing becomes one warning with file:line; the rest (all of
 * them with `'error'`) fail the build together.
 */
export function reportDeadLinks(
  dead: DeadLink[],
  options: { deadAnchors: 'warn' | 'error' },
  warn: (message: string) => void,
): void {
  assertNoDeadLinks(deadLinksToFail(dead, options, warn))
}

/** Warns of the dead anchors `links.deadAnchors: 'warn'` allows; returns the dead links that are errors. */
export function deadLinksToFail(
  dead: DeadLink[],
  options: { deadAnchors: 'warn' | 'error' },
  warn: (message: string) => void,
): DeadLink[] {
  const warned = options.deadAnchors === 'warn' ? dead.filter((link) => link.anchorOnly) : []
  for (const link of warned) warn(`dead anchor: ${formatDeadLink(link)}`)
  return warned.length === 0 ? dead : dead.filter((link) => !link.anchorOnly)
}

function formatDeadLink(link: DeadLink): string {
  return `${[link.file, link.line, link.column].filter(Boolean).join(':')}  ${link.href}  (${link.reason})`
}

/** Throws one error listing every dead link (STYLE §8: reported together, then the build fails). */
export function assertNoDeadLinks(dead: DeadLink[]): void {
  if (dead.length === 0) return
  const lines = dead.map(formatDeadLink)
  throw new SheafError(`${dead.length} dead link${dead.length === 1 ? '' : 's'}:\n${lines.join('\n')}`, {
    hint: 'point each link at an existing page (relative `.md` paths such as `./render.md#options` resolve within the version) or fix the #anchor.',
  })
}

/** What a link or image resolves to: its new `href`/`src` (none: as written), and whether it opens another site. */
interface ResolvedLink {
  href?: string
  external?: boolean
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
    dead.push({
      ...where,
      reason: `no page at that path; tried ${tried.map((candidate) => (candidate.startsWith('route ') ? candidate : folder + candidate)).join(', ')}`,
    })
    return {}
  }
  if (hash && !(target.anchors as string[]).includes(hash)) {
    dead.push({ ...where, reason: `${String(target.sourcePath)} has no heading with id "${hash}"`, anchorOnly: true })
  }
  return { href: withBase(encodeRoute(String(target.path)), context.base) + (hash ? `#${hash}` : '') }
}

/**
 * `findTarget` for the link forms Rspress resolves besides: `.html` addresses (`guide/x.html`,
 * `/guide/index.html`) name the page without it, and an absolute path may start with the
 * default language's folder (`/en/guide/x`), which Sheaf serves without a prefix (tried when the
 * path as written names no page).
 */
function findTargetAsRspress(
  pathPart: string,
  page: SheafNode,
  context: LinkContext,
): { target?: SheafNode; tried: string[] } {
  const written = pathPart.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')
  const first = findTarget(written, page, context)
  const langFolder = page.langPrefix === '' && typeof page.lang === 'string' ? `/${page.lang}/` : null
  if (first.target || !langFolder || !written.startsWith(langFolder)) return first
  const second = findTarget(written.slice(langFolder.length - 1), page, context)
  return { target: second.target, tried: [...first.tried, ...second.tried] }
}

/**
 * The page a link points at, and the content paths it tried (for the dead-link message).
 * As Rspress resolves them: `./x.md` and `../x` from the page's folder; `/docs/x` (a route) and
 * `/docs/x.md` (a file) from the root of the page's version and language; a bare `docs/api/x`
 * from the page's folder first, then from that root.
 */
function findTarget(pathPart: string, page: SheafNode, context: LinkContext): { target?: SheafNode; tried: string[] } {
  if (pathPart.startsWith('/') && !markdownFileRE.test(pathPart)) {
    // An absolute route stays within the page's language and version first.
    const withinVersion = toRoute({
      slug: pathPart,
      langPrefix: String(page.langPrefix ?? ''),
      versionPrefix: String(page.versionPrefix ?? ''),
    })
    // An href is a URL: decoded once into a route.
    const target =
      context.pagesByRoute.get(routeKey(resolvePath(withinVersion))) ??
      context.pagesByRoute.get(routeKey(resolvePath(pathPart)))
    return { target, tried: [...new Set([withinVersion, pathPart])].map((route) => `route ${route}`) }
  }
  const decoded = safeDecode(pathPart)
  const root = contentRootOf(page)
  const fromPage = path.normalize(path.join(path.dirname(String(page.relativePath)), decoded))
  const fromRoot = path.normalize(path.join(root, decoded))
  const bases = decoded.startsWith('/') ? [fromRoot] : /^\.\.?\//.test(decoded) ? [fromPage] : [fromPage, fromRoot]
  const tried: string[] = []
  for (const relative of [...new Set(bases)]) {
    // `.md` and `.mdx` are interchangeable in links, so renaming a page to .mdx keeps its links.
    const candidates = markdownFileRE.test(relative)
      ? [relative, relative.endsWith('.mdx') ? relative.slice(0, -1) : `${relative}x`]
      : [
          `${relative.replace(/\/$/, '')}.md`,
          `${relative.replace(/\/$/, '')}.mdx`,
          `${relative.replace(/\/$/, '')}/index.md`,
          `${relative.replace(/\/$/, '')}/index.mdx`,
        ]
    for (const candidate of candidates) {
      const target = context.pagesByFile.get(candidate)
      if (target) return { target, tried }
    }
    tried.push(candidates[0])
  }
  return { tried }
}

/**
 * The content folder of the page's version and language (`13.x`, `1.0/zh`, or '' for a site
 * with neither): its relative path with the slug's own part taken off the end.
 */
function contentRootOf(page: SheafNode): string {
  const file = String(page.relativePath)
    .replace(markdownFileRE, '')
    .replace(/(^|\/)index$/, '')
  const slug = String(page.slug ?? '').replace(/^\/+|\/+$/g, '')
  if (slug === '') return file
  return file === slug
    ? ''
    : file.endsWith(`/${slug}`)
      ? file.slice(0, -slug.length - 1)
      : path.dirname(String(page.relativePath))
}

function resolveImage(link: PageLink, context: LinkContext, file: string, dead: DeadLink[]): ResolvedLink {
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
        ? `images by relative path must be in ${folder}; move the file there and write its path from there, e.g. /img/diagram.svg`
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

function splitHash(href: string): [string, string] {
  const index = href.indexOf('#')
  return index === -1 ? [href, ''] : [href.slice(0, index), safeDecode(href.slice(index + 1))]
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
