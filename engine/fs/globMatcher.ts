/**
 * A matcher for path globs as Rspress's `route.exclude` writes them (`components/**`,
 * `**\/_fragments/**\/*`, `guide/_*.mdx`): `**` any number of folders, `*` and `?` within one
 * name, `{a,b}` alternatives. Paths use `/`. Small on purpose: the engine takes no glob package for this.
 */
export function globMatcher(globs: readonly string[]): (file: string) => boolean {
  if (globs.length === 0) return () => false
  const patterns = globs.map(globToRegExp)
  return (file) => patterns.some((pattern) => pattern.test(file))
}

export function globToRegExp(glob: string): RegExp {
  let out = ''
  const text = glob.replace(/^\.\//, '')
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '*' && text[i + 1] === '*') {
      // `**/` matches no folder or several; a trailing `**` matches everything below.
      const slash = text[i + 2] === '/'
      out += slash ? '(?:.*/)?' : '.*'
      i += slash ? 2 : 1
    } else if (char === '*') out += '[^/]*'
    else if (char === '?') out += '[^/]'
    else if (char === '{') {
      const end = text.indexOf('}', i)
      if (end < 0) out += '\\{'
      else {
        out += `(?:${text
          .slice(i + 1, end)
          .split(',')
          .map(escape)
          .join('|')})`
        i = end
      }
    } else out += escape(char)
  }
  return new RegExp(`^${out}$`)
}

function escape(text: string): string {
  return text.replace(/[.+^${}()|[\]\\*?]/g, '\\$&')
}
