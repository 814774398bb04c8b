import path from 'node:path/posix'
import { resolvePath, routeKey, toRoute } from '../shared/routes.ts'
import type { SheafNode } from '../store/types.ts'
import type { LinkContext } from './linkContext.ts'
import { safeDecode } from './safeDecode.ts'

const markdownFileRE = /\.mdx?$/

/**
 * `findTarget` for the link forms Rspress resolves besides: `.html` addresses (`guide/x.html`,
 * `/guide/index.html`) name the page without it, and an absolute path may start with the
 * default language's folder (`/en/guide/x`), which Sheaf serves without a prefix (tried when the
 * path as written names no page).
 */
export function findTargetAsRspress(
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
