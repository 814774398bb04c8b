import type { BuildSession } from '../buildContext.ts'
import { listFiles } from '../fs/walkDirectory.ts'
import { parseReadKey } from '../incremental/readKey.ts'
import { publicDirOf } from '../links/publicDir.ts'
import { createLinkContext, type LinkContext } from '../links/linkContext.ts'
import { resolvePageLinks } from '../links/resolveLinks.ts'
import type { MarkdownResult } from '../markdown/processor.ts'
import { bodyFields, outlinePage } from '../pipeline/outlineTransformer.ts'
import { routeKey } from '../shared/routes.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { SheafNode } from '../store/types.ts'
import type { BodyWorker } from './bodyWorker.ts'

/** Fields whose read means a query saw a page's body (a whole-node read does too). */
const readsBody: ReadonlySet<string> = new Set([...bodyFields, 'html'])

/** The fields of an outline that reading the source alone may get wrong (see outlineTitle). */
const outlineFields = ['title', 'frontmatter', 'description', 'pageType'] as const

/**
 * The bodies of an outline store's pages (pipeline/outlineTransformer.ts), transformed when
 * something asks for them: the page a request is for, and the pages whose bodies its queries
 * read. Each is transformed as the full load would (the same processor and markdown cache, links
 * resolved against the same routes), so once done its node is the one a full load makes, digest
 * and all; the full load that follows in the background then reads it from the markdown cache.
 *
 * Dead links and warnings are not reported here: the full load reports them for every page at
 * once, as any build does. A page whose markdown does not parse fails its own request with the
 * located error.
 */
export class PageBodies {
  /** Outline pages whose body is not transformed yet (by node id). */
  private readonly waiting = new Set<string>()
  private readonly running = new Map<string, Promise<void>>()
  private readonly byRoute = new Map<string, string>()
  /** Bodies asked of the worker ahead of their page's request (see `prefetch`), by node id. */
  private readonly prefetched = new Map<string, { key: string; result: Promise<MarkdownResult | undefined> }>()
  private links: LinkContext | null = null

  constructor(
    private readonly store: NodeStore,
    private readonly session: BuildSession,
    private readonly site: { base: string; publicDir: string; root: string; lang: string },
    /**
     * Transforms bodies off this thread while the outline serves (see bodyWorker.ts); this thread's processor when it
     * cannot.
     */
    private worker: BodyWorker | null = null,
  ) {
    for (const page of store.getNodesByType('Page')) {
      if (page.internal.owner !== 'sheaf:markdown') continue
      this.waiting.add(page.id)
      this.byRoute.set(routeKey(String(page.path)), page.id)
    }
  }

  /** Whether this thread's processor has transformed a body (it is loaded, with its highlighter). */
  usedProcessor = false

  /** Stops the body worker: the outline is no longer served (or never was). */
  close(): void {
    this.worker?.close()
    this.worker = null
  }

  /** Ids of the pages whose body is still a placeholder. */
  get pending(): ReadonlySet<string> {
    return this.waiting
  }

  /** The page node at a route, if its body is still to be transformed. */
  pendingAt(route: string): string[] {
    const id = this.byRoute.get(routeKey(route))
    return id !== undefined && this.waiting.has(id) ? [id] : []
  }

  /** The pages, among a query's reads, whose body it read before it was transformed. */
  demandedBy(reads: Iterable<string>): string[] {
    const ids = new Set<string>()
    for (const key of reads) {
      const { nodeId, fields } = parseReadKey(key)
      if (this.waiting.has(nodeId) && (fields === null || fields.some((field) => readsBody.has(field)))) ids.add(nodeId)
    }
    return [...ids]
  }

  /**
   * Starts the worker on the bodies of the pages at these routes, without touching the store: the
   * dev server knows the first page's route as soon as its request is in, before the outline's
   * data layer and pages are made (0.1-0.3 s of this thread), and the worker transforms its body
   * meanwhile. `ensure` takes the result. Nothing without a worker (this thread would block).
   */
  prefetch(routes: Iterable<string>): void {
    if (!this.worker) return
    for (const route of routes) {
      for (const id of this.pendingAt(route)) {
        if (this.prefetched.has(id)) continue
        const job = this.job(id)
        if (!job || this.session.markdownCache.get(job.key)) continue
        const result = this.worker.transform(job)
        result.catch(() => undefined)
        this.prefetched.set(id, { key: job.key, result })
      }
    }
  }

  /** The markdown job of an outline page's body, or null when its node is gone. */
  private job(id: string): { key: string; source: string; file: string; portable: boolean } | null {
    const page = this.store.getNode(id)
    const file = page?.parent ? this.store.getNode(page.parent) : undefined
    if (!page || !file) return null
    const source = typeof file.content === 'string' ? file.content : ''
    const sourcePath = String(page.sourcePath)
    const cache = this.session.markdownCache
    return { key: cache.key(source, sourcePath), source, file: sourcePath, portable: cache.portableMarkdown }
  }

  /** Transforms the bodies of these pages (at most once each; concurrent asks share the work). */
  async ensure(ids: Iterable<string>): Promise<void> {
    const work: Promise<void>[] = []
    for (const id of ids) {
      if (!this.waiting.has(id)) continue
      let running = this.running.get(id)
      if (!running) {
        running = this.transform(id).finally(() => this.running.delete(id))
        this.running.set(id, running)
      }
      work.push(running)
    }
    await Promise.all(work)
  }

  private async transform(id: string): Promise<void> {
    const page = this.store.getNode(id)
    const file = page?.parent ? this.store.getNode(page.parent) : undefined
    if (!page || !file) return
    const source = typeof file.content === 'string' ? file.content : ''
    const sourcePath = String(page.sourcePath)
    const cache = this.session.markdownCache
    const key = cache.key(source, sourcePath)
    let result: MarkdownResult | undefined = cache.get(key)
    // A prefetch of the same source (a save since makes another key: transformed afresh).
    const prefetched = this.prefetched.get(id)
    this.prefetched.delete(id)
    if (!result && prefetched?.key === key) result = await prefetched.result
    if (!result) {
      // As the full load asks for it (the entry is shared through the cache, whose key says whether it has the portable
      // markdown).
      result = await this.worker?.transform({ key, source, file: sourcePath, portable: cache.portableMarkdown })
      if (!result) {
        this.usedProcessor = true
        result = await this.session.processor.process({
          source,
          file: sourcePath,
          mdx: sourcePath.endsWith('.mdx'),
          portable: cache.portableMarkdown,
        })
      }
      cache.set(key, result)
    }
    // Taken before anything awaits again: a second ask for this page finds it done.
    if (!this.waiting.delete(id)) return
    // Where the outline read the title or front-matter differently from the parser, the page
    // takes the parser's (and a digest the full load will not match: what read the outline's
    // values is re-queried when it is swapped in).
    const outline = outlinePage(file, cache, this.site.lang)
    const parsed: Record<(typeof outlineFields)[number], unknown> = {
      title: result.title,
      frontmatter: result.frontmatter,
      description: typeof result.frontmatter.description === 'string' ? result.frontmatter.description : '',
      pageType: typeof result.frontmatter.pageType === 'string' ? result.frontmatter.pageType : 'doc',
    }
    const corrected = Object.fromEntries(
      outlineFields
        .filter((field) => JSON.stringify(outline[field]) !== JSON.stringify(parsed[field]))
        .map((field) => [field, parsed[field]]),
    )
    if (Object.keys(corrected).length > 0) this.store.updateNode(page, corrected)
    const { body } = resolvePageLinks(
      { ...page, rawBody: result.body, anchors: result.anchors, links: result.links } as SheafNode,
      this.linkContext(),
      false,
    )
    this.store.updateNode(
      page,
      {
        rawBody: result.body,
        body,
        toc: result.toc,
        anchors: result.anchors,
        links: result.links,
        text: result.text,
        sections: result.sections,
      },
      { derived: true },
    )
  }

  /**
   * Routes for links, made once: a link's target is found by file and route, which the outline
   * has. (Anchors are only checked for the dead-link report, which is the full load's.)
   */
  private linkContext(): LinkContext {
    this.links ??= createLinkContext(
      this.store.getNodesByType('Page'),
      this.site.base,
      new Set(listFiles(this.site.publicDir).map((name) => `/${name}`)),
      publicDirOf(this.site),
      this.session.contentAssets,
    )
    return this.links
  }
}
