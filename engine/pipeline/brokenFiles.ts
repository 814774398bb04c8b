import { SheafError } from '../errors.ts'
import type { DeadLink } from '../links/deadLinks.ts'

/**
 * The files a build could not make a page of, each with its located error. A build that keeps
 * going (`sheaf build --keep-going`, and the dev server always) collects them here instead of
 * failing at the first step that finds one, writes every other page, then reports them all.
 */
export interface BrokenFiles {
  /** On: errors are collected and the build goes on. Off: the first step that finds one throws. */
  keepGoing: boolean
  errors: SheafError[]
}

export function openBrokenFiles(keepGoing: boolean): BrokenFiles {
  return { keepGoing, errors: [] }
}

/** One error for several files' errors: each with its location, message and fix, in file order. */
export function combinedContentErrors(errors: readonly SheafError[]): SheafError {
  if (errors.length === 1) return errors[0]
  const sorted = sortedByPlace(errors)
  const files = new Set(sorted.map((error) => error.file)).size
  const count =
    files === errors.length
      ? `${files} files have errors`
      : `${errors.length} errors in ${files} file${files === 1 ? '' : 's'}`
  const describe = (error: SheafError) =>
    [error.location, `  ${error.message.replace(/\n/g, '\n  ')}`, ...(error.hint ? [`  Fix: ${error.hint}`] : [])].join(
      '\n',
    )
  return new SheafError(`${count}:\n${sorted.map(describe).join('\n')}`, {
    hint: 'fix each file at the line shown; the build reports every file it could not read, not only the first.',
  })
}

/** Dead links: often the consequence of another file's error (its page was not made). */
const deadLinks = new WeakSet<SheafError>()

/** A dead link as a located error of the page that holds it (a build that keeps going lists it with the rest). */
export function deadLinkError(link: DeadLink): SheafError {
  const error = new SheafError(`Dead link \`${link.href}\`: ${link.reason}.`, {
    file: link.file,
    line: link.line,
    column: link.column,
    hint:
      'point the link at an existing page (relative `.md` paths such as `./render.md#options` resolve within ' +
      'the version) or fix the #anchor.',
  })
  deadLinks.add(error)
  return error
}

/** Images that may not be copied (see links/contentAssets.ts), as located errors of their pages. */
export function assetErrors(links: readonly DeadLink[]): SheafError[] {
  return links.map((link) => {
    const where = { file: link.file, line: link.line, column: link.column, hint: link.refusedHint }
    return new SheafError(`The image \`${link.href}\` cannot be published. ${link.reason}`, where)
  })
}

export function sortedByPlace(errors: readonly SheafError[]): SheafError[] {
  // A file that made no page comes before the dead links to it: the dev overlay shows the first
  // error, and a reader fixes the cause, not the links it broke.
  const rank = (error: SheafError) => (deadLinks.has(error) ? 1 : 0)
  return [...errors].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      String(a.file).localeCompare(String(b.file)) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  )
}
