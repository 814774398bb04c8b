/**
 * One error type for everything the engine reports, formatted in one place
 * (STYLE §8): what is wrong, where, and how to fix it.
 */
export interface SheafErrorOptions {
  hint?: string
  file?: string
  line?: number
  column?: number
  plugin?: string
  hook?: string
  cause?: unknown
}

export class SheafError extends Error {
  readonly hint?: string
  readonly file?: string
  readonly line?: number
  readonly column?: number
  readonly plugin?: string
  readonly hook?: string

  constructor(message: string, options: SheafErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'SheafError'
    this.hint = options.hint
    this.file = options.file
    this.line = options.line
    this.column = options.column
    this.plugin = options.plugin
    this.hook = options.hook
  }

  /** `file:line:column`, or the parts of it that are known. */
  get location(): string | undefined {
    if (!this.file) return undefined
    return [this.file, this.line, this.line ? this.column : undefined].filter((part) => part !== undefined).join(':')
  }
}

/** Is this value a SheafError (also across module copies)? */
export function isSheafError(value: unknown): value is SheafError {
  return value instanceof SheafError || (value instanceof Error && value.name === 'SheafError')
}

/**
 * Formats an error for the terminal:
 * ```
 * [sidebar] createPages: content/12.x/docs/guides/faq.md:3:1
 *   The front-matter field `sidebar_position` must be a number, got "first".
 *   Fix: write a number, e.g. `sidebar_position: 2`.
 * ```
 */
export function formatError(error: unknown, options: { verbose?: boolean } = {}): string {
  if (!isSheafError(error)) {
    const text =
      error instanceof Error ? (options.verbose ? (error.stack ?? error.message) : error.message) : String(error)
    return `Unexpected error: ${text}`
  }
  const head = [error.plugin && `[${error.plugin}]`, error.hook && `${error.hook}:`, error.location]
    .filter(Boolean)
    .join(' ')
  const lines = head ? [head, `  ${indent(error.message)}`] : [error.message]
  if (error.hint) lines.push(`  Fix: ${indent(error.hint)}`)
  if (options.verbose && error.cause instanceof Error && error.cause.stack)
    lines.push(`  Cause: ${indent(error.cause.stack)}`)
  return lines.join('\n')
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n  ')
}
