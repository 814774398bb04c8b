import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { isActiveXml } from '../bundle/publicFileRules.ts'
import { linkTarget } from '../fs/linkTarget.ts'

/**
 * Images a page names by a path outside the public folder (`![](./diagram.png)`, or
 * `import diagram from '../assets/diagram.png'` then `<img src={diagram} />` in MDX, as Rspress
 * bundles them): the file is copied into the output's `assets/` folder under a name with a hash
 * of its content (as Vite names assets), and the page gets that URL under the base. Content is
 * data that anyone may write: only an image inside the project is copied, never through a link
 * that leads out of it, never an SVG that holds script (the public folder's rules).
 */

/** The images copied into `assets/`: what a browser shows, never a document that runs script. */
export const assetImageExtensions: readonly string[] = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg']

/** Why an image cannot be copied, and how to fix it. */
export interface AssetRefusal {
  reason: string
  hint: string
}

/**
 * What a page's image path resolves to: its URL (from the base: `/assets/a-1b2C3d4e.png`), a
 * missing file, or a refusal.
 */
export type AssetResult = { url: string } | { missing: string } | { notImage: AssetRefusal } | { refused: AssetRefusal }

/** The folder of the output the images are copied to, as Vite's `assetsDir`. */
export const assetsFolder = 'assets'

export class ContentAssets {
  /** Copied images by URL (from the base), to their files: what a build writes and the dev server serves. */
  readonly byUrl = new Map<string, string>()
  private readonly byFile = new Map<string, AssetResult>()

  /** `root`: the project, which no copied image may leave. */
  constructor(readonly root: string) {}

  /** The image `written` (a relative path, decoded) names from the page at `pageFile` (from the root). */
  resolve(written: string, pageFile: string): AssetResult {
    const file = path.resolve(this.root, path.dirname(pageFile), written)
    let result = this.byFile.get(file)
    if (!result) {
      result = checkAsset(file, this.root)
      this.byFile.set(file, result)
      if ('url' in result) this.byUrl.set(result.url, file)
    }
    return result
  }

  /**
   * The bytes of the image at `url` (from the base), checked again as they are read: null when no
   * page names it, when it is now refused (a link swapped in, script), or, unless `edited` allows
   * it (the dev server: an image saved alone shows at once), when its content changed since.
   */
  read(url: string, edited: 'refuse' | 'allow' = 'refuse'): Uint8Array | null {
    const file = this.byUrl.get(url)
    if (file === undefined) return null
    const now = inspectAsset(file, this.root)
    if (!('url' in now.result)) return null
    return now.result.url === url || edited === 'allow' ? (now.bytes ?? null) : null
  }
}

/**
 * Whether the image at `file` (absolute) may be copied, and its URL when it may. Checked in this
 * order, so that no file outside the project is ever read: the extension, the path as written,
 * where its links lead, that it is a file, and an SVG's content.
 */
export function checkAsset(file: string, root: string): AssetResult {
  return inspectAsset(file, root).result
}

/** checkAsset, with the bytes its URL was made from (only read once the path is known to be inside). */
function inspectAsset(file: string, root: string): { result: AssetResult; bytes?: Uint8Array } {
  const shown = path.relative(root, file).split(path.sep).join('/')
  const extension = path.extname(file).toLowerCase()
  // Nothing is read or copied: a dead image, as a missing file is (an error when dead links are checked).
  if (!assetImageExtensions.includes(extension)) {
    const reason = `\`${shown}\` is not an image Sheaf copies (${assetImageExtensions.join(', ')})`
    const hint = 'put other files in the public folder and link them by their URL (`/files/report.pdf`)'
    return { result: { notImage: { reason, hint } } }
  }
  if (shown === '..' || shown.startsWith('../') || path.isAbsolute(shown)) {
    return refusedWith(
      `The image \`${shown}\` lies outside the project: content may only use files inside it.`,
      'copy the image into the project (next to the page, or into the public folder) and write its path from the page.',
    )
  }
  const link = linkTarget(file, root)
  if (link.kind === 'missing') return { result: { missing: shown } }
  if (link.kind === 'outside') {
    return refusedWith(
      `The image \`${shown}\` is a symbolic link (or lies in a linked folder) that leads outside the project, ` +
        `to \`${link.target}\`.`,
      'replace the link with the image itself: links in content may only point inside the project.',
    )
  }
  let bytes: Buffer
  try {
    if (!fs.statSync(link.target).isFile()) return { result: { missing: shown } }
    bytes = fs.readFileSync(link.target)
  } catch {
    return { result: { missing: shown } }
  }
  if (extension === '.svg' && isActiveXml(bytes)) {
    return refusedWith(
      `The SVG \`${shown}\` holds script: a \`<script>\`, an event handler (\`on…=\`), \`foreignObject\`, ` +
        'a `javascript:` URL, an XSLT stylesheet or an entity declaration.',
      'remove the script from the file (a plain drawing keeps working), or export it again without interactivity.',
    )
  }
  return {
    result: { url: `/${assetsFolder}/${assetName(path.basename(file, path.extname(file)), bytes)}${extension}` },
    bytes,
  }
}

/**
 * `diagram-Ab3dE_9z`: the name (URL-safe characters only) and eight characters of a hash of the
 * content, as Vite names assets.
 */
function assetName(stem: string, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 8)
  const name = stem.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'image'
  return `${name}-${hash}`
}

function refusedWith(reason: string, hint: string): { result: AssetResult } {
  return { result: { refused: { reason, hint } } }
}
