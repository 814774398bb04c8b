/**
 * The container types every site has (`:::tip`, `:::warning`, ...): the one definition, read by
 * the markdown pipeline and by themes (`sheaf/runtime`). A site adds its own with
 * `markdown.containerTypes` in its config.
 */
export const defaultContainerTypes = ['tip', 'note', 'info', 'warning', 'caution', 'danger', 'details'] as const

export type DefaultContainerType = (typeof defaultContainerTypes)[number]
