import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { LoadedSite } from '../build.ts'
import { listFiles } from '../fs/walkDirectory.ts'
import { parseReadKey, ReadDigests } from '../incremental/readKey.ts'
import { createLinkContext } from '../links/linkContext.ts'
import { resolvePageLinks } from '../links/resolveLinks.ts'
import { publicDirOf } from '../links/publicDir.ts'
import type { SheafNode } from '../store/types.ts'
import type { PageBodies } from './pageBodies.ts'

/** Anchors of a page whose body is not transformed yet: any of them may be there. */
class UnknownAnchors extends Array<string> {
  override includes(): boolean {
    return true
  }
}

/**
 * The dev server's quick path for the commonest save: a markdown page's body changed, and
 * nothing other pages can see of it (front-matter, title, heading anchors) did. The page is
 * transformed alone and its node updated in place, so the open page shows the edit without the
 * whole site being read and transformed again (at N = 1,000 that took 650 ms a save). A full
 * rebuild still follows once the saves stop (see rebuilder.ts): it runs the plugins' hooks and
 * the site-wide checks, and whatever it finds different reaches the pages as any rebuild's does.
 * Null when the save is anything else (the full rebuild then does all of it).
 */
export async function applyBodyEdit(
  site: LoadedSite,
  file: string,
  reads: Iterable<[route: string, reads: Set<string>]>,
  outline?: Pick<PageBodies, 'pending' | 'ensure'>,
): Promise<{ route: string; changedRoutes: string[] } | null> {
  if (!file.endsWith('.md')) return null
  const source = site.store.getNodesByType('File').find((node) => node.absolutePath === file)
  const page = source?.children
    .map((id) => site.store.getNode(id))
    .find((node): node is SheafNode => node?.type === 'Page')
  if (!source || !page || typeof page.sourcePath !== 'string') return null
  // An outline page (the cold start's, see pageBodies.ts) has its body transformed first: what
  // the edit changed is told from what the page was.
  if (outline?.pending.has(page.id)) await outline.ensure([page.id])
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
  if (text === source.content || text.length > site.session.processor.maxPageSize) return null
  let result: Awaited<ReturnType<LoadedSite['session']['processor']['process']>>
  try {
    result = await site.session.processor.process({ source: text, file: page.sourcePath, mdx: false })
  } catch {
    // A broken page: the full rebuild reports it with its location.
    return null
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  if (
    result.warnings.length > 0 ||
    result.title !== page.title ||
    !same(result.frontmatter, page.frontmatter) ||
    !same(result.anchors, page.anchors)
  )
    return null
  // An outline page's anchors are not known yet: a link to one of them is checked by the full
  // load that follows, not taken as dead here.
  const pages = site.store
    .getNodesByType('Page')
    .map((node) => (outline?.pending.has(node.id) ? { ...node, anchors: new UnknownAnchors() } : node))
  const context = createLinkContext(
    pages,
    site.config.base,
    new Set(listFiles(site.config.publicDir).map((name) => `/${name}`)),
    publicDirOf(site.config),
    site.session.contentAssets,
  )
  const resolved = resolvePageLinks({ ...page, rawBody: result.body, links: result.links } as SheafNode, context, false)
  if (resolved.dead.length > 0) return null

  // What each cached page read of this one, before and after (pages of a section read each
  // other's titles, not bodies: those keep their data).
  const readsOfPage = [...reads]
    .map(([route, keys]) => [route, [...keys].filter((key) => parseReadKey(key).nodeId === page.id)] as const)
    .filter(([, keys]) => keys.length > 0)
  const before = new ReadDigests(site.store)
  const digestsBefore = new Map(readsOfPage.flatMap(([, keys]) => keys.map((key) => [key, before.of(key)] as const)))
  // The next full rebuild reads this file from the markdown cache, not parsing it again.
  site.session.markdownCache.set(site.session.markdownCache.key(text, page.sourcePath), result)
  site.store.updateNode(
    page,
    {
      rawBody: result.body,
      body: resolved.body,
      links: result.links,
      toc: result.toc,
      text: result.text,
      sections: result.sections,
    },
    { derived: true },
  )
  // A digest no rebuild makes: the full rebuild after this sees the page as changed, and re-queries what read it.
  page.internal.contentDigest = createHash('sha1')
    .update(`${page.internal.contentDigest}\0body edit\0${text}`)
    .digest('base64url')
  const after = new ReadDigests(site.store)
  const changedRoutes = readsOfPage
    .filter(([, keys]) => keys.some((key) => digestsBefore.get(key) !== after.of(key)))
    .map(([route]) => route)
  return { route: String(page.path), changedRoutes }
}
