/** Lets this thread import TypeScript (see registerTypeScript.mjs); `cacheDir`: where transformed modules are kept. */
export function registerTypeScript(options?: { cacheDir?: string }): void
