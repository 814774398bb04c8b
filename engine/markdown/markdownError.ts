import { isSheafError, SheafError } from '../errors.ts'

/**
 * A parser's or transform's error as a SheafError at the page's line and column (MDX syntax errors
 * with their own hint); a SheafError is returned as it is.
 */
export function toSheafError(error: unknown, file: string): SheafError {
  if (isSheafError(error)) return error
  // The guards (nestingGuard, treeDepth, rawHtmlDepth) should leave no way to get here; if one does, say what it means.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new SheafError('The page is nested too deeply to process (the parser ran out of stack).', {
      file,
      hint: 'flatten deeply nested lists, quotes, emphasis, HTML or MDX elements.',
      cause: error,
    })
  }
  const place = error as {
    line?: number
    column?: number
    reason?: string
    message?: string
    source?: string
    place?: { line?: number; column?: number; start?: { line: number; column: number } }
  }
  const reasonText = place.reason ?? place.message ?? String(error)
  // mdast-util-mdx-jsx only puts the position inside the message: "... (3:1-3:19)".
  const inMessage = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(reasonText)
  const line =
    place.line ?? place.place?.line ?? place.place?.start?.line ?? (inMessage ? Number(inMessage[1]) : undefined)
  const column =
    place.column ?? place.place?.column ?? place.place?.start?.column ?? (inMessage ? Number(inMessage[2]) : undefined)
  const reason = place.reason ?? place.message ?? String(error)
  const isMdxSyntax =
    place.source === 'micromark-extension-mdxjs' ||
    place.source === 'micromark-extension-mdx-jsx' ||
    /mdx|jsx|expression/i.test(String(place.source ?? ''))
  return new SheafError(isMdxSyntax ? `MDX syntax error: ${reason}` : reason, {
    file,
    line: line ?? undefined,
    column: column ?? undefined,
    hint: isMdxSyntax
      ? 'close every tag, quote prop values, and escape `{`, `}` and `<` in prose as `\\{`, `\\}`, ' +
        '`&lt;` (or rename the file to .md).'
      : 'fix the markdown at that position.',
    cause: error,
  })
}
