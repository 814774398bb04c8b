/** `node_modules/.cache/sheaf/<name>` beside the engine's packages, else `sheaf-<name>` in the system's temp folder. */
export function engineCacheDir(name: string): string
