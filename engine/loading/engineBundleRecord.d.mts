/** Entry name (`cli`, or a public specifier such as `sheaf/runtime`) -> file URL of its module in the bundle. */
export type EngineEntries = Record<string, string>

export const engineBundleLayout: number
export function engineBundleDir(): string
export function engineBundleRecordFile(): string
export function freshEngineBundle(): EngineEntries | null
export function useEngineBundle(entries: EngineEntries): void
export function runningEngineBundle(): EngineEntries | null
