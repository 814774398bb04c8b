// Types of compile.mjs (plain JavaScript: bin/sheaf.js runs it before any TypeScript is compiled).
export function isStale(options?: { declarations?: boolean }): boolean
export function compileIfStale(options?: { declarations?: boolean }): Promise<boolean>
export function compile(options?: { declarations?: boolean }): Promise<void>
