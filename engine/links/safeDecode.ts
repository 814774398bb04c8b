/** `decodeURIComponent`, or the value as written when it is no valid escape (`100%`). */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
