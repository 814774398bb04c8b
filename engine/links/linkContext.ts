import { routeKey } from '../shared/routes.ts'
import type { SheafNode } from '../store/types.ts'
import type { ContentAssets } from './contentAssets.ts'

/** What links are resolved against: the site's pages, its public files and the copied images. */
export interface LinkContext {
  base: string
  /** Public file URLs (`/img/a.svg`), relative to the base. */
  publicFiles: Set<string>
  /** Page nodes by relative content path (`13.x/docs/api/render.md`). */
  pagesByFile: Map<string, SheafNode>
  /** Page nodes by route key. */
  pagesByRoute: Map<string, SheafNode>
  /**
   * The public folder relative to the site root (`docs/public`), for images by relative path; none: such images are
   * dead.
   */
  publicDir?: string
  /** Where images outside the public folder are copied from (none: such images are dead). */
  assets?: ContentAssets
}

/** What a link or image resolves to: its new `href`/`src` (none: as written), and whether it opens another site. */
export interface ResolvedLink {
  href?: string
  external?: boolean
}

/** Indexes pages for link resolution. */
export function createLinkContext(
  pages: SheafNode[],
  base: string,
  publicFiles: Set<string>,
  publicDir?: string,
  assets?: ContentAssets,
): LinkContext {
  return {
    base,
    publicFiles,
    ...(publicDir === undefined ? {} : { publicDir }),
    ...(assets === undefined ? {} : { assets }),
    pagesByFile: new Map(pages.map((page) => [String(page.relativePath), page])),
    pagesByRoute: new Map(pages.map((page) => [routeKey(String(page.path)), page])),
  }
}
