/** The element the app renders into (htmlShell). Namespaced, so a heading such as `### root` keeps its id. */
export const appRootId = '__SHEAF_ROOT__'

/** The `<script type="application/json">` that holds the page data (see inlinePageData.ts). */
export const pageDataId = '__SHEAF_DATA__'

/**
 * Element ids the engine itself puts in every document (htmlShell). A heading
 * never gets one of them, nor an id in a space the engine or React generates
 * ids in: `__sheaf…` (the engine's) and `_r_…` (React's `useId`, which a theme
 * uses for its own ids). A theme adds its fixed ids through `theme.reservedIds`
 * in the config (see docs/theme-contract.md).
 */
export const engineReservedIds: readonly string[] = [appRootId, pageDataId]

const generatedIdSpace = /^(__sheaf|_r_)/i

/** Whether a heading may not take `id`: a reserved id, or one in a generated id space (any case). */
export function isReservedId(id: string, reserved: ReadonlySet<string>): boolean {
  return reserved.has(id) || generatedIdSpace.test(id)
}
