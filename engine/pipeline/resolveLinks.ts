import { createHash } from 'node:crypto'
import path from 'node:path'
import type { BuildSession } from '../buildContext.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { listFiles } from '../fs/walkDirectory.ts'
import { openDeadLinkCache } from '../links/deadLinkCache.ts'
import { createLinkContext, reportDeadLinks, resolvePageLinks, type DeadLink } from '../links/resolveLinks.ts'
import { defineLazyField } from '../store/lazyField.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { SheafNode } from '../store/types.ts'

/**
 * Resolves every page's links against the set of pages (routes, anchors) and the public files,
 * and reports dead ones when `markdown.checkDeadLinks` is on (see reportDeadLinks). A page whose
 * dead links are known from the last build (the dead-link cache) resolves only when its body is read.
 */
export function resolveLinks(store: NodeStore, config: ResolvedConfig, { inPlace, session, cacheDir, warn }: { inPlace: boolean; session: BuildSession; cacheDir: string | null; warn: (message: string) => void }): void {
  const pages = store.getNodesByType('Page')
  const context = createLinkContext(pages, config.base, listPublicFiles(config.publicDir))
  const contextKey = linkContextKey(pages, config.base, context.publicFiles)
  const dead: DeadLink[] = []
  if (inPlace) {
    // A one-shot build owns its parsed bodies: links are resolved in place (no second copy), and
    // a page whose dead links are known from the last build waits until its body is read.
    const known = openDeadLinkCache(cacheDir ? path.join(cacheDir, 'links.json') : null, contextKey)
    for (const page of pages) {
      const digest = page.internal.contentDigest
      let found = known.get(digest)
      if (found) {
        defineLazyField(page, 'body', () => {
          const { body } = resolvePageLinks(page, context, true)
          page.rawBody = null
          return body
        })
      } else {
        const resolved = resolvePageLinks(page, context, true)
        found = resolved.dead
        // Derived: from the page's own body and the set of pages, which the page cache's structure digest covers.
        store.updateNode(page, { body: resolved.body, rawBody: null }, { derived: true })
      }
      known.set(digest, found)
      dead.push(...found)
    }
    if (config.markdown.checkDeadLinks) reportDeadLinks(dead, config.links, warn)
    known.save()
    return
  }
  // In a long-lived process (dev server), a page whose transformed body is the very same object
  // as last time, among the same routes and anchors, resolves to the same links: keep them.
  const memo = session.resolvedLinks
  for (const page of pages) {
    const cached = memo.get(page.id)
    const resolved = cached && cached.raw === page.rawBody && cached.context === contextKey ? (cached.result as ReturnType<typeof resolvePageLinks>) : resolvePageLinks(page, context, false)
    memo.set(page.id, { raw: page.rawBody, context: contextKey, result: resolved })
    store.updateNode(page, { body: resolved.body }, { derived: true })
    dead.push(...resolved.dead)
  }
  if (config.markdown.checkDeadLinks) reportDeadLinks(dead, config.links, warn)
}

/** Everything link resolution reads besides a page's own body: routes, anchors, prefixes, public files. */
function linkContextKey(pages: SheafNode[], base: string, publicFiles: Set<string>): string {
  const hash = createHash('sha1').update(base).update('\0').update([...publicFiles].sort().join('\n'))
  for (const page of pages) {
    hash.update('\0').update(JSON.stringify([page.id, page.relativePath, page.path, page.sourcePath, page.langPrefix, page.versionPrefix, page.anchors]))
  }
  return hash.digest('hex')
}

function listPublicFiles(dir: string): Set<string> {
  return new Set(listFiles(dir).map((file) => `/${file}`))
}
