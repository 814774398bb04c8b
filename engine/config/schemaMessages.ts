import * as v from 'valibot'

/**
 * The config schema's messages. Every message is a problem and a fix joined by `fixSeparator`:
 * validateConfig.ts splits them into a SheafError's message and hint, and names the field by the
 * issue's key path. A message is made before valibot adds the path, so a fix that names its own
 * key writes `keyMark` for it.
 */
export const fixSeparator = '\u0000'
export const keyMark = '\u0001'

type Issue = v.BaseIssue<unknown>

/** An error message for a schema: what is wrong with the input, and how to write it. */
export function says(
  problem: string | ((input: unknown) => string),
  fix: string | ((key: string) => string),
): (issue: Issue) => string {
  return (issue) => {
    const what = typeof problem === 'function' ? problem(issue.input) : problem
    return `${what}${fixSeparator}${typeof fix === 'function' ? fix(keyMark) : fix}`
  }
}

/**
 * The message of an object schema: its own problem, or, for a required key that is not there
 * (valibot reports it on the object, expecting `"key"`), "is missing" with that key's fix.
 */
export function objectSays(
  problem: string | ((input: unknown) => string),
  fix: string,
  missing: Record<string, string>,
): (issue: Issue) => string {
  const own = says(problem, fix)
  return (issue) => {
    const key = /^"(.*)"$/.exec(issue.expected ?? '')?.[1]
    return key !== undefined && issue.input === undefined && Object.hasOwn(missing, key)
      ? `is missing${fixSeparator}${missing[key]}`
      : own(issue)
  }
}

/** A short rendering of a wrong value for messages (functions and undefined have no JSON). */
export function got(value: unknown): string {
  const text = JSON.stringify(value) ?? typeof value
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** An object (not an array, not null) whose entries `entries` checks. */
export function record<const T extends v.GenericSchema>(entries: T, message: (issue: Issue) => string) {
  return v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.record(v.string(), entries, message))
}
