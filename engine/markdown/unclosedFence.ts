const fenceRE = /^ {0,3}(`{3,}|~{3,})(.*)$/

/** Returns the 1-based line of a code fence that is never closed, or null. */
export function findUnclosedFence(source: string): number | null {
  const lines = source.split('\n')
  let open: { marker: string; line: number } | null = null
  for (let index = 0; index < lines.length; index++) {
    const match = fenceRE.exec(lines[index])
    if (!match) continue
    const marker = match[1]
    if (!open) {
      // Backtick fences cannot have backticks in their info string (CommonMark).
      if (marker[0] === '`' && match[2].includes('`')) continue
      open = { marker, line: index + 1 }
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && match[2].trim() === '') {
      open = null
    }
  }
  return open ? open.line : null
}
