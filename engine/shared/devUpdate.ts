/**
 * The dev server's word to open pages that its state changed (engine/server/devGenerations.ts):
 * generation `generation` replaced generation `from`, and the routes (route keys) in `unchanged`
 * have the same data as before; any other route may have changed (null: every route may have).
 */
export interface DevUpdate {
  from: number
  generation: number
  unchanged: string[] | null
}

/** The custom HMR event a page sends, with its generation, once it listens for updates. */
export const devSinceEvent = 'sheaf:since'
/** The custom HMR event of an update (broadcast after each rebuild, and the answer to `devSinceEvent`). */
export const devUpdateEvent = 'sheaf:update'
/** The meta tag that carries the generation a dev page was rendered from. */
export const devGenerationMeta = 'sheaf-dev-generation'

/**
 * What a page that holds data of generation `known` for route key `route` does with an update:
 * ignore it (not newer), or take its generation and refetch when its route may have changed. An
 * update that does not start at or before `known` means updates were missed: refetch.
 */
export function applyDevUpdate(
  update: DevUpdate,
  known: number,
  route: string,
): { generation: number; refetch: boolean } {
  if (update.generation <= known) return { generation: known, refetch: false }
  const missed = update.from > known
  return { generation: update.generation, refetch: missed || !update.unchanged || !update.unchanged.includes(route) }
}

/** Whether a custom event's payload is an update (older payloads and hostile pages send anything). */
export function isDevUpdate(value: unknown): value is DevUpdate {
  const update = value as Partial<DevUpdate> | null
  return (
    typeof update?.from === 'number' &&
    typeof update.generation === 'number' &&
    (update.unchanged === null || Array.isArray(update.unchanged))
  )
}
