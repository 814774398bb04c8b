import path from 'node:path'
import type { FragmentOptions } from './fragmentImports.ts'

/**
 * Rspress bundles a file an MDX page imports as a value (`import logo from '../public/logo.png'`,
 * then `<img src={logo} />`) and gives its URL. Sheaf runs no MDX code: the import is read as
 * data, the name stands for the file's path from the page, an `img` gets it as its `src` (the one
 * place it may be used), and link resolution (links/resolveLinks.ts) turns the path into the
 * file's URL: a public file's, or a copy in the output's assets (links/contentAssets.ts), or
 * fails at the line.
 */
const assetExtensionRE = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mp3|wav|pdf)$/i

/** What a module may be, besides an image: code (a component) or a fragment. */
const moduleExtensionRE = /\.(m?[jt]sx?|c[jt]s|mdx?)$/i

/** A relative or absolute path to an image or media file (not a module). */
export function isAssetSource(source: string): boolean {
  return /^(\.{1,2}\/|\/)/.test(source) && assetExtensionRE.test(source.split(/[?#]/)[0])
}

/**
 * The path from the importing page (`fromFile`, from the site root) an asset import names: as
 * written when relative, resolved through the longest `markdown.importAliases` prefix when it
 * starts with one (`@/public/logo.svg`, as a tsconfig `paths` alias names it). `null`: no asset.
 */
export function assetImportPath(source: string, fromFile: string, imports?: FragmentOptions): string | null {
  if (isAssetSource(source)) return source
  if (!imports || !assetExtensionRE.test(source.split(/[?#]/)[0])) return null
  const alias = Object.keys(imports.aliases)
    .filter((key) => source.startsWith(key.endsWith('/') ? key : `${key}/`))
    .sort((a, b) => b.length - a.length)[0]
  if (alias === undefined) return null
  const target = path.posix.join(
    imports.aliases[alias].split(path.sep).join('/'),
    source.slice(alias.length).replace(/^\/+/, ''),
  )
  const relative = path.posix.relative(path.posix.dirname(fromFile.split(path.sep).join('/')), target)
  return relative.startsWith('../') ? relative : `./${relative}`
}

/**
 * A file with an extension that is neither an asset nor a module (`./data.json`, `./notes.txt`):
 * MDX here imports components, fragments and images, nothing else. Its extension, or null.
 */
export function unsupportedImportExtension(source: string): string | null {
  const clean = source.split(/[?#]/)[0]
  const extension = /(\.[A-Za-z0-9]+)$/.exec(path.posix.basename(clean))?.[1]
  if (!extension || !/^(\.{1,2}\/|\/|@)/.test(clean)) return null
  return assetExtensionRE.test(clean) || moduleExtensionRE.test(clean) ? null : extension
}

/**
 * A path from `fromFile` (a fragment) as the same file's path from `page` (the page that shows
 * it), both from the site root.
 */
export function pathFromPage(written: string, fromFile: string, page: string): string {
  const posix = (file: string) => file.split(path.sep).join('/')
  const target = path.posix.join(path.posix.dirname(posix(fromFile)), written)
  const relative = path.posix.relative(path.posix.dirname(posix(page)), target)
  return relative.startsWith('../') ? relative : `./${relative}`
}
