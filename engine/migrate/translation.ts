import { NonLiteral, type LiteralValue } from './readConfigLiteral.ts'

/** A config key the migration could not carry over, and why (printed, and listed in MIGRATION.md). */
export interface Untranslated {
  key: string
  reason: string
}

/** What each part of the config's translation reports into: the keys carried over, those left (with why), notes. */
export interface Translation {
  translated: string[]
  untranslated: Untranslated[]
  notes: string[]
  skip(key: string, reason: string): void
  /** Whether the value is code, not a literal (then listed as untranslated). */
  isCode(key: string, value: LiteralValue): value is NonLiteral
  /** Whether part of the value is code (then listed as untranslated). */
  codeInside(key: string, value: LiteralValue): boolean
}

/** A translation that starts with the config's spread or computed keys listed as untranslated. */
export function createTranslation(spreads: readonly string[]): Translation {
  const untranslated: Untranslated[] = spreads.map((key) => ({
    key,
    reason: 'a spread or computed key: its value is only known when the config runs; translate it by hand',
  }))
  const skip = (key: string, reason: string) => void untranslated.push({ key, reason })
  const isCode = (key: string, value: LiteralValue): value is NonLiteral => {
    if (!(value instanceof NonLiteral)) return false
    skip(key, `its value is code (\`${shorten(value.source)}\`), not a literal; translate it by hand`)
    return true
  }
  const codeInside = (key: string, value: LiteralValue): boolean => {
    const found = findNonLiteral(value)
    if (found)
      skip(key, `part of its value is code (\`${shorten(found.source)}\`), not a literal; translate it by hand`)
    return Boolean(found)
  }
  return { translated: [], untranslated, notes: [], skip, isCode, codeInside }
}

/** `path.join(__dirname, 'docs')` / `path.resolve(__dirname, './styles/index.css')` -> the relative path. */
export function pathFromDirname(source: string): string | null {
  const match = /^(?:path\.)?(?:join|resolve)\(\s*__dirname\s*((?:,\s*(["'])[^"']*\2\s*)+)\)$/.exec(source.trim())
  if (!match) return null
  const parts = [...match[1].matchAll(/(["'])([^"']*)\1/g)].map((part) => part[2])
  return parts.join('/').replace(/^\.\//, '').replace(/\/+/g, '/').replace(/\/$/, '') || null
}

export function findNonLiteral(value: LiteralValue): NonLiteral | undefined {
  if (value instanceof NonLiteral) return value
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findNonLiteral(entry)
      if (found) return found
    }
  } else if (value && typeof value === 'object') {
    for (const entry of Object.values(value)) {
      const found = findNonLiteral(entry)
      if (found) return found
    }
  }
  return undefined
}

export function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ')
  return line.length > 60 ? `${line.slice(0, 57)}...` : line
}
