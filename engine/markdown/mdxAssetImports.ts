/**
 * Rspress bundles a file an MDX page imports as a value (`import logo from '../public/logo.png'`,
 * then `<img src={logo} />`) and gives its URL. Sheaf runs no MDX code: the name stands for the
 * path as written, an `img` gets it as its `src`, and link resolution (links/resolveLinks.ts)
 * turns a path into the public folder into the file's URL under the base, or fails at the line.
 */
const assetExtensionRE = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mp3|wav|pdf)$/i

/** A relative or absolute path to an image or media file (not a module). */
export function isAssetSource(source: string): boolean {
  return /^(\.{1,2}\/|\/)/.test(source) && assetExtensionRE.test(source.split(/[?#]/)[0])
}
