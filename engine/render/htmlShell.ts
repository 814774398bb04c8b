import type { HeadTag } from '../plugins/types.ts'
import type { PageData } from '../shared/types.ts'
import { serializeInlinePageData } from '../shared/inlinePageData.ts'
import { textDirection } from '../shared/textDirection.ts'
import { assetScriptDirectives, assetsPathOf } from './assetScriptPolicy.ts'
import type { DocumentHead, DocumentHeadTag } from './helmetHead.ts'
import { inlineHashes, policyText, type CspDirectives } from './contentSecurityPolicy.ts'
import { appRootId } from '../shared/reservedIds.ts'
import { escapeMarkup } from './escapeMarkup.ts'

export interface ClientAssets {
  /** Entry script URL. */
  entry: string
  /**
   * The loader that starts the entry after the first paint (production builds); without it the entry loads directly.
   */
  loader?: string
  /** Stylesheet URLs. */
  css: string[]
  /** Template name -> chunk URLs to preload (the chunk and its imports). */
  templateChunks: Record<string, string[]>
  /** Identifies the bundle (hash of the manifest). */
  bundle: string
}

export interface ShellInput {
  /** The site's language, for `<html lang>` when the head names none. */
  lang: string
  /** What the page's `<Helmet>`s and the config's and plugins' head tags say, merged (helmetHead.ts). */
  head: DocumentHead
  /** Tags React hoisted itself, outside any `<Helmet>` (see renderApp), written as they are. */
  hoisted?: string
  body: string
  page: PageData
  assets: ClientAssets
  /** HTML strings the body already holds (RawHtml), referenced by id in the inline page data. */
  rawHtmlIds?: ReadonlyMap<string, string>
  /**
   * The site's 404 routes, for the client's page loader. They travel with the page, not in
   * the bundle, so the bundle does not depend on the pages and can build while they transform.
   */
  notFoundRoutes?: readonly string[]
  /**
   * The site's Content-Security-Policy (with plugins' sources): the page gets it as a `<meta>`
   * with the hashes of the config's and plugins' inline head scripts. None: no policy (the dev server).
   */
  csp?: CspDirectives | false
}

/** Wraps a rendered app in the HTML document. */
export function htmlShell(input: ShellInput): string {
  return htmlShellLines(input).join('\n')
}

/** The HTML document's lines, for a writer that encodes them one by one (see encodeLines.ts). */
export function htmlShellLines({
  lang,
  head,
  hoisted,
  body,
  page,
  assets,
  rawHtmlIds,
  notFoundRoutes,
  csp,
}: ShellInput): string[] {
  const chunks = assets.templateChunks[page.template] ?? []
  // Server-rendered pages are readable without scripts: in a build, the loader starts the
  // client after the first paint (see bundle/clientLoader.ts); the dev server loads it at once.
  const scripts = assets.loader
    ? [
        `<meta name="sheaf:client" content="${attribute(assets.entry)}" data-preload="${attribute(chunks.join(' '))}">`,
        `<script defer src="${attribute(assets.loader)}"></script>`,
      ]
    : [
        `<script type="module" src="${attribute(assets.entry)}"></script>`,
        ...chunks.map((href) => `<link rel="modulepreload" href="${attribute(href)}">`),
      ]
  const pageData = serializeInlinePageData(page, rawHtmlIds)
  const notFoundAttribute = notFoundRoutes ? ` data-not-found="${attribute(notFoundRoutes.join(' '))}"` : ''
  return [
    '<!doctype html>',
    `<html${attributesOf(rootAttributes(head.htmlAttributes, lang))}>`,
    '<head>',
    '<meta charset="utf-8">',
    // First after the charset: a <meta> policy governs only what comes after it.
    ...(csp ? cspMetaTags(csp, head.tags, assets.entry) : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...head.tags.map(renderDocumentHeadTag),
    ...(hoisted ? [hoisted] : []),
    ...assets.css.map((href) => `<link rel="stylesheet" href="${attribute(href)}">`),
    ...scripts,
    // The static query results load beside the client, not after it (see client/staticQueries.ts).
    ...(page.staticQueries
      ? [`<link rel="preload" href="${attribute(page.staticQueries)}" as="fetch" crossorigin="anonymous">`]
      : []),
    '</head>',
    `<body${attributesOf(head.bodyAttributes)}>`,
    `<div id="${appRootId}">${body}</div>`,
    `<script id="__SHEAF_DATA__" type="application/json"${notFoundAttribute}>${pageData}</script>`,
    '</body>',
    '</html>',
    '',
  ]
}

/**
 * One head tag as the document holds it. A tag the client's Helmet manages carries its
 * `data-rh` marker, so the client replaces it on navigation; the config's and plugins' stay.
 */
export function renderDocumentHeadTag(tag: DocumentHeadTag): string {
  const attributes = attributesOf({ ...(tag.managed ? { 'data-rh': 'true' } : {}), ...tag.attrs })
  if (tag.tag === 'meta' || tag.tag === 'link' || tag.tag === 'base') return `<${tag.tag}${attributes}>`
  if (tag.tag === 'title') return `<title${attributes}>${escapeMarkup(tag.children ?? '', 'text')}</title>`
  return `<${tag.tag}${attributes}>${headTagChildren(tag)}</${tag.tag}>`
}

/**
 * An inline script's or style's content as the document holds it (what its CSP hash is of).
 * It comes from the site's own config or a plugin, never from content.
 */
export function headTagChildren(tag: Pick<HeadTag, 'children'>): string {
  return (tag.children ?? '').replace(/<\/(script|style)/gi, '<\\/$1')
}

/**
 * The page's policies: only the config's and plugins' inline head scripts are hashed (those the
 * merge kept), never a theme's `<Helmet>` script nor anything the body holds; the second allows
 * scripts only from the folder of the build's own client entry (see assetScriptPolicy.ts).
 */
function cspMetaTags(csp: CspDirectives, tags: readonly DocumentHeadTag[], entryUrl: string): string[] {
  const siteTags = tags.filter(
    (tag): tag is DocumentHeadTag & { tag: HeadTag['tag'] } =>
      !tag.managed && (tag.tag === 'script' || tag.tag === 'style'),
  )
  const hashes = inlineHashes(siteTags, headTagChildren)
  const assetsPath = assetsPathOf(entryUrl)
  const assetPolicy = assetsPath === null ? null : assetScriptDirectives(csp, assetsPath)
  return [csp, ...(assetPolicy ? [assetPolicy] : [])].map(
    (directives) =>
      `<meta http-equiv="Content-Security-Policy" content="${attribute(policyText(directives, hashes, 'meta'))}">`,
  )
}

/** `<html>`'s attributes: the head's, with the site's language (and its direction) when it names none. */
function rootAttributes(attributes: Record<string, string>, lang: string): Record<string, string> {
  const pageLang = attributes.lang || lang
  return { ...attributes, lang: pageLang, dir: attributes.dir || textDirection(pageLang) }
}

/** Attributes as markup, each with a leading space; `true` is a bare attribute. */
function attributesOf(attributes: Readonly<Record<string, string | true>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${attribute(value)}"`))
    .join('')
}

/** A value for a double-quoted attribute. */
const attribute = (value: string) => escapeMarkup(value, 'attribute')
