import type { HeadTag } from '../plugins/types.ts'
import type { PageData } from '../shared/types.ts'
import { serializeInlinePageData } from '../shared/inlinePageData.ts'
import { textDirection } from '../shared/textDirection.ts'
import { assetScriptDirectives, assetsPathOf } from './assetScriptPolicy.ts'
import { inlineHashes, policyText, type CspDirectives } from './contentSecurityPolicy.ts'
import { appRootId } from '../shared/reservedIds.ts'
import { escapeMarkup } from './escapeMarkup.ts'

export interface ClientAssets {
  /** Entry script URL. */
  entry: string
  /** The loader that starts the entry after the first paint (production builds); without it the entry loads directly. */
  loader?: string
  /** Stylesheet URLs. */
  css: string[]
  /** Template name -> chunk URLs to preload (the chunk and its imports). */
  templateChunks: Record<string, string[]>
  /** Identifies the bundle (hash of the manifest). */
  bundle: string
}

export interface ShellInput {
  lang: string
  head: string
  body: string
  page: PageData
  assets: ClientAssets
  headTags: HeadTag[]
  /** HTML strings the body already holds (RawHtml), referenced by id in the inline page data. */
  rawHtmlIds?: ReadonlyMap<string, string>
  /**
   * The site's 404 routes, for the client's page loader. They travel with the page, not in
   * the bundle, so the bundle does not depend on the pages and can build while they transform.
   */
  notFoundRoutes?: readonly string[]
  /**
   * The site's Content-Security-Policy (with plugins' sources): the page gets it as a `<meta>`
   * with the hashes of its `headTags` scripts. None: no policy (the dev server).
   */
  csp?: CspDirectives | false
}

/** Wraps a rendered app in the HTML document. */
export function htmlShell(input: ShellInput): string {
  return htmlShellLines(input).join('\n')
}

/** The HTML document's lines, for a writer that encodes them one by one (see encodeLines.ts). */
export function htmlShellLines({ lang, head, body, page, assets, headTags, rawHtmlIds, notFoundRoutes, csp }: ShellInput): string[] {
  const chunks = assets.templateChunks[page.template] ?? []
  // Server-rendered pages are readable without scripts: in a build, the loader starts the
  // client after the first paint (see bundle/clientLoader.ts); the dev server loads it at once.
  const scripts = assets.loader
    ? [
        `<meta name="sheaf:client" content="${attribute(assets.entry)}" data-preload="${attribute(chunks.join(' '))}">`,
        `<script defer src="${attribute(assets.loader)}"></script>`,
      ]
    : [`<script type="module" src="${attribute(assets.entry)}"></script>`, ...chunks.map((href) => `<link rel="modulepreload" href="${attribute(href)}">`)]
  return [
    '<!doctype html>',
    `<html lang="${attribute(lang)}" dir="${textDirection(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    // First after the charset: a <meta> policy governs only what comes after it.
    ...(csp ? cspMetaTags(csp, headTags, assets.entry) : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    head,
    ...headTags.map(renderHeadTag),
    ...assets.css.map((href) => `<link rel="stylesheet" href="${attribute(href)}">`),
    ...scripts,
    // The static query results load beside the client, not after it (see client/staticQueries.ts).
    ...(page.staticQueries ? [`<link rel="preload" href="${attribute(page.staticQueries)}" as="fetch" crossorigin="anonymous">`] : []),
    '</head>',
    '<body>',
    `<div id="${appRootId}">${body}</div>`,
    `<script id="__SHEAF_DATA__" type="application/json"${notFoundRoutes ? ` data-not-found="${attribute(notFoundRoutes.join(' '))}"` : ''}>${serializeInlinePageData(page, rawHtmlIds)}</script>`,
    '</body>',
    '</html>',
    '',
  ]
}

export function renderHeadTag(tag: HeadTag): string {
  const attributes = Object.entries(tag.attrs)
    .filter(([, value]) => value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${attribute(String(value))}"`))
    .join('')
  if (tag.tag === 'meta' || tag.tag === 'link') return `<${tag.tag}${attributes}>`
  return `<${tag.tag}${attributes}>${headTagChildren(tag)}</${tag.tag}>`
}

/**
 * An inline script's or style's content as the document holds it (what its CSP hash is of).
 * It comes from the site's own config or a plugin, never from content.
 */
export function headTagChildren(tag: HeadTag): string {
  return (tag.children ?? '').replace(/<\/(script|style)/gi, '<\\/$1')
}

/**
 * The page's policies: only the config's and plugins' inline head scripts are hashed, never
 * anything the body holds; the second allows scripts only from the folder of the build's own
 * client entry (see assetScriptPolicy.ts).
 */
function cspMetaTags(csp: CspDirectives, headTags: readonly HeadTag[], entryUrl: string): string[] {
  const hashes = inlineHashes(headTags, headTagChildren)
  const assetsPath = assetsPathOf(entryUrl)
  const assetPolicy = assetsPath === null ? null : assetScriptDirectives(csp, assetsPath)
  return [csp, ...(assetPolicy ? [assetPolicy] : [])].map((directives) => `<meta http-equiv="Content-Security-Policy" content="${attribute(policyText(directives, hashes, 'meta'))}">`)
}

/** A value for a double-quoted attribute. */
const attribute = (value: string) => escapeMarkup(value, 'attribute')
