import { SheafError } from '../errors.ts'

/** A link or image that points at nothing, where it is written and why. */
export interface DeadLink {
  file: string
  line?: number
  column?: number
  href: string
  reason: string
  /** The page exists; only its #anchor does not (`links.deadAnchors` decides: error or warning). */
  anchorOnly?: boolean
  /**
   * An image that may not be copied (see contentAssets.ts): how to fix it. Reported even when
   * dead links are not checked.
   */
  refusedHint?: string
}

/**
 * Reports the dead links found by `resolvePageLinks`: with `deadAnchors: 'warn'`, each link to an
 * existing page whose #anchor is missing becomes one warning with file:line; the rest (all of
 * them with `'error'`) fail the build together.
 */
export function reportDeadLinks(
  dead: DeadLink[],
  options: { deadAnchors: 'warn' | 'error' },
  warn: (message: string) => void,
): void {
  assertNoDeadLinks(deadLinksToFail(dead, options, warn))
}

/** Warns of the dead anchors `links.deadAnchors: 'warn'` allows; returns the dead links that are errors. */
export function deadLinksToFail(
  dead: DeadLink[],
  options: { deadAnchors: 'warn' | 'error' },
  warn: (message: string) => void,
): DeadLink[] {
  const warned = options.deadAnchors === 'warn' ? dead.filter((link) => link.anchorOnly) : []
  for (const link of warned) warn(`dead anchor: ${formatDeadLink(link)}`)
  return warned.length === 0 ? dead : dead.filter((link) => !link.anchorOnly)
}

function formatDeadLink(link: DeadLink): string {
  return `${[link.file, link.line, link.column].filter(Boolean).join(':')}  ${link.href}  (${link.reason})`
}

/** Throws one error listing every dead link (STYLE §8: reported together, then the build fails). */
export function assertNoDeadLinks(dead: DeadLink[]): void {
  if (dead.length === 0) return
  const lines = dead.map(formatDeadLink)
  throw new SheafError(`${dead.length} dead link${dead.length === 1 ? '' : 's'}:\n${lines.join('\n')}`, {
    hint:
      'point each link at an existing page (relative `.md` paths such as `./render.md#options` resolve within ' +
      'the version) or fix the #anchor.',
  })
}
