import type { Root } from 'hast'
import { createHash } from 'node:crypto'
import type { BuildSession } from '../buildContext.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { listFiles } from '../fs/walkDirectory.ts'
import { deadLinksToFail, reportDeadLinks, type DeadLink } from '../links/deadLinks.ts'
import { createLinkContext, type LinkContext } from '../links/linkContext.ts'
import { findDeadLinks, findImageAssets, resolvePageLinks, rewriteLinks } from '../links/resolveLinks.ts'
import { publicDirOf } from '../links/publicDir.ts'
import { ContentAssets } from '../links/contentAssets.ts'
import { defineComputedField } from '../store/lazyField.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { SheafNode } from '../store/types.ts'
import { assetErrors, combinedContentErrors, deadLinkError, type BrokenFiles } from './brokenFiles.ts'

interface ResolveOptions {
  inPlace: boolean
  session: BuildSession
  warn: (message: string) => void
  /** A run that keeps going lists each dead link as its page's error instead of failing here. */
  broken?: BrokenFiles
}

/**
 * Checks every page's links against the set of pages (routes, anchors) and the public files, and
 * reports dead ones when `markdown.checkDeadLinks` is on (see reportDeadLinks). A page's body gets
 * its links rewritten (routes under the base) when it is read.
 */
export function resolveLinks(
  store: NodeStore,
  config: ResolvedConfig,
  { inPlace, session, warn, broken }: ResolveOptions,
): void {
  const pages = store.getNodesByType('Page')
  // Each resolution copies the images its pages name now (an image no page names is not copied).
  session.contentAssets = new ContentAssets(config.root)
  const publicFiles = listPublicFiles(config.publicDir)
  const context = createLinkContext(pages, config.base, publicFiles, publicDirOf(config), session.contentAssets)
  // Every page's images first (a page resolved from the memo below reads none): the copied
  // images' names, hashes of their content, are part of what the links resolve to.
  for (const page of pages) stampAssets(page, findImageAssets(page, context))
  const dead: DeadLink[] = []
  if (inPlace) {
    // A one-shot build holds no parsed body from the transform to the render (see markdownCache.ts):
    // links are checked from each page's list of them, and a body is rewritten when it is read.
    for (const page of pages) {
      dead.push(...findDeadLinks(page, context))
      defineRewrittenBody(page, context)
    }
    report(dead, config, warn, broken)
    return
  }
  const files = new Set([...context.publicFiles, ...session.contentAssets.byUrl.keys()])
  const contextKey = linkContextKey(pages, config.base, files)
  // In a long-lived process (dev server), a page whose transformed body is the very same object
  // as last time, among the same routes and anchors, resolves to the same links: keep them.
  const memo = session.resolvedLinks
  for (const page of pages) {
    const cached = memo.get(page.id)
    const resolved =
      cached && cached.raw === page.rawBody && cached.context === contextKey
        ? (cached.result as ReturnType<typeof resolvePageLinks>)
        : resolvePageLinks(page, context, false)
    memo.set(page.id, { raw: page.rawBody, context: contextKey, result: resolved })
    store.updateNode(page, { body: resolved.body }, { derived: true })
    dead.push(...resolved.dead)
  }
  report(dead, config, warn, broken)
}

function report(
  all: DeadLink[],
  config: ResolvedConfig,
  warn: (message: string) => void,
  broken: BrokenFiles | undefined,
): void {
  // An image that may not be copied is an error whether dead links are checked or not.
  const refused = assetErrors(all.filter((link) => link.refusedHint !== undefined))
  const dead = all.filter((link) => link.refusedHint === undefined)
  if (broken?.keepGoing) broken.errors.push(...refused)
  else if (refused.length > 0) throw refused.length === 1 ? refused[0] : combinedContentErrors(refused)
  if (!config.markdown.checkDeadLinks) return
  if (!broken?.keepGoing) return reportDeadLinks(dead, config.links, warn)
  broken.errors.push(...deadLinksToFail(dead, config.links, warn).map(deadLinkError))
}

/** Everything link resolution reads besides a page's own body: routes, anchors, prefixes, public files. */
function linkContextKey(pages: SheafNode[], base: string, publicFiles: Set<string>): string {
  const hash = createHash('sha1')
    .update(base)
    .update('\0')
    .update([...publicFiles].sort().join('\n'))
  for (const page of pages) {
    hash
      .update('\0')
      .update(
        JSON.stringify([
          page.id,
          page.relativePath,
          page.path,
          page.sourcePath,
          page.langPrefix,
          page.versionPrefix,
          page.anchors,
        ]),
      )
  }
  return hash.digest('hex')
}

/**
 * A page that shows copied images gets their URLs in its content digest: an image edited alone
 * (its page's text unchanged) changes its URL, so the page must count as changed (page cache,
 * dev server), or its last HTML, pointing at the old URL, would be kept.
 */
function stampAssets(page: SheafNode, urls: string[]): void {
  const last = stamped.get(page)
  // A node resolved again (a long-lived store) is stamped from its own digest, never twice.
  const own = last && last.stamped === page.internal.contentDigest ? last.own : page.internal.contentDigest
  if (urls.length === 0) {
    page.internal.contentDigest = own
    return
  }
  const digest = createHash('sha1').update(`${own}\0assets\0${urls.join('\0')}`)
  page.internal.contentDigest = digest.digest('base64url')
  stamped.set(page, { own, stamped: page.internal.contentDigest })
}

const stamped = new WeakMap<SheafNode, { own: string; stamped: string }>()

/** Bodies whose links are rewritten (in place): a raw body read twice is rewritten once. */
const rewritten = new WeakSet<object>()

/**
 * `body`, read from `rawBody` with its links rewritten. Not kept on the node: a page's raw body is
 * read from the markdown cache when something asks for it (its render), and let go after.
 */
function defineRewrittenBody(page: SheafNode, context: LinkContext): void {
  defineComputedField(page, 'body', function (this: SheafNode) {
    const raw = this.rawBody as Root
    if (!rewritten.has(raw)) rewriteLinks(raw, this, context)
    rewritten.add(raw)
    return raw
  })
}

function listPublicFiles(dir: string): Set<string> {
  return new Set(listFiles(dir).map((file) => `/${file}`))
}
