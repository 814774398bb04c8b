import { isPlainLang, type Highlighter } from 'shiki'
import { INITIAL, Theme, type IToken, type StateStack } from 'shiki/textmate'
import { escapeCode, plainLineHtml } from './plainCodeHtml.ts'

/**
 * Highlighted HTML for two themes (light and dark) from ONE tokenization.
 *
 * Shiki's dual-theme output tokenizes the code once per theme, although the
 * grammar's scopes do not depend on the theme: only the colours do. Here the
 * code is tokenized once (with scopes), each distinct scope path is coloured
 * by both themes with TextMate's own theme matching, and tokens whose colours
 * agree are merged. The markup follows shiki's (`span.line`, colours as
 * `--shiki-light` / `--shiki-dark` custom properties), so themes style it the
 * same way; it halves the cost of highlighting, the largest part of a build.
 */
export interface DualThemeHtml {
  /** The inner HTML of `<code>`: one `span.line` per line, highlighted lines with class `highlighted`. */
  render(code: string, lang: string, highlightedLines: ReadonlySet<number>): string
}

interface ScopePath {
  parent: ScopePath | null
  scopeName: string
}

interface ResolvedTheme {
  theme: Theme
  colors: string[]
  defaultForeground: number
  defaultFontStyle: number
}

/** TextMate's font style bits (a const enum upstream, so not importable here). */
const FontStyle = { NotSet: -1, Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const

/** Lines longer than this are not tokenized (minified code): shown in the default colour. */
const maxLineLength = 20_000
/**
 * A line whose tokenizing takes longer than this is cut short, and the rest of it shown in the
 * default colour. Generous on purpose: the time includes compiling the grammar's patterns on
 * first use, and on a loaded 2-core machine a limit of 500 ms cut the first line of a file
 * short once in a thousand-page build, so the output depended on the machine's load.
 */
const tokenizeTimeLimit = 10_000

export function createDualThemeHtml(
  shiki: Highlighter,
  themes: { light: string; dark: string },
  options: { tokenizeTimeLimit?: number } = {},
): DualThemeHtml {
  const timeLimit = options.tokenizeTimeLimit ?? tokenizeTimeLimit
  const context = shiki.getInternalContext()
  const resolve = (name: string): ResolvedTheme => {
    const theme = Theme.createFromRawTheme(context.getTheme(name))
    const defaults = theme.getDefaults()
    return {
      theme,
      colors: theme.getColorMap(),
      defaultForeground: defaults.foregroundId,
      defaultFontStyle: defaults.fontStyle,
    }
  }
  const light = resolve(themes.light)
  const dark = resolve(themes.dark)
  // Scope paths repeat endlessly across a site's code: style each once.
  const styles = new Map<string, string>()

  const styleOf = (scopes: string[]): string => {
    const key = scopes.join(' ')
    let style = styles.get(key)
    if (style === undefined) {
      style = [...declarations('light', light, scopes), ...declarations('dark', dark, scopes)].join(';')
      styles.set(key, style)
    }
    return style
  }

  const lineCache = createLineCache()

  return {
    render(code, lang, highlightedLines) {
      const grammar = isPlainLang(lang) ? null : context.getLanguage(lang)
      const lines = code.split(/\r\n|\r|\n/)
      let state: StateStack = INITIAL
      const out: string[] = []
      lines.forEach((line, index) => {
        const lineClass = highlightedLines.has(index + 1) ? 'line highlighted' : 'line'
        if (line === '' || !grammar || line.length >= maxLineLength) {
          out.push(plainLineHtml(line, lineClass))
          return
        }
        const cacheKey = lineCache.key(lang, state, line)
        const cached = lineCache.get(cacheKey)
        if (cached) {
          state = cached.state
          out.push(`<span class="${lineClass}">${cached.html}</span>`)
          return
        }
        const result = grammar.tokenizeLine(line, state, timeLimit)
        // Cut short: the rest of the line in the default colour, and the next line from this line's start state.
        const covered = result.stoppedEarly ? (result.tokens.at(-1)?.endIndex ?? 0) : line.length
        if (!result.stoppedEarly) state = result.ruleStack
        let html = tokensHtml(line, result.tokens, styleOf)
        if (covered < line.length) html += `<span>${escapeCode(line.slice(covered))}</span>`
        // A line cut short depends on the clock: never reused.
        if (!result.stoppedEarly) lineCache.set(cacheKey, { html, state })
        out.push(`<span class="${lineClass}">${html}</span>`)
      })
      return out.join('\n')
    },
  }
}

/** Most lines one highlighter keeps (a line and its HTML: a few hundred bytes each). */
const maxCachedLines = 20_000

/** A line's HTML and the state the next line starts from. */
interface TokenizedLine {
  html: string
  state: StateStack
}

/**
 * Lines already tokenized, by language, start state and text. Docs repeat lines across blocks
 * (imports, `render(<App />)`, closing brackets); a quarter of this site's code is lines seen
 * before. A line's tokens and end state depend only on the grammar, its text and the state it
 * starts in, compared as vscode-textmate compares states (VS Code stops re-tokenizing a file when
 * a line ends in a state equal to the one it ended in before), so a repeated line in an equal
 * state is the same HTML and the same next state. The positions a state keeps are only
 * meaningful within a line, and are reset at the start of each.
 */
function createLineCache() {
  const lines = new Map<string, TokenizedLine>()
  const stateKeys = new WeakMap<StateStack, string>()
  const stateKey = (state: StateStack): string => {
    if (state === INITIAL) return ''
    let key = stateKeys.get(state)
    if (key === undefined) {
      key = ''
      for (let frame = state as unknown as StateFrame | null; frame; frame = frame.parent) {
        const rule = `${frame.ruleId}\u0001${frame.endRule ?? ''}\u0001${frame.beginRuleCapturedEOL ? 1 : 0}`
        key += `${rule}\u0001${scopesKey(frame.nameScopesList)}\u0001${scopesKey(frame.contentNameScopesList)}\u0002`
      }
      stateKeys.set(state, key)
    }
    return key
  }
  return {
    key: (lang: string, state: StateStack, line: string) => `${lang}\u0000${stateKey(state)}\u0000${line}`,
    get: (key: string) => lines.get(key),
    set(key: string, line: TokenizedLine) {
      if (lines.size >= maxCachedLines) lines.clear()
      lines.set(key, line)
    },
  }
}

/** vscode-textmate's StateStackImpl, as far as its equality goes (fields it does not type publicly). */
interface StateFrame {
  parent: StateFrame | null
  ruleId: number
  endRule: string | null
  beginRuleCapturedEOL: boolean
  nameScopesList: ScopeFrame | null
  contentNameScopesList: ScopeFrame | null
}

/** vscode-textmate's AttributedScopeStack: a scope name and its encoded attributes per frame. */
interface ScopeFrame {
  parent: ScopeFrame | null
  scopePath: { scopeName: string }
  tokenAttributes: number
}

function scopesKey(scopes: ScopeFrame | null): string {
  let key = ''
  for (let frame = scopes; frame; frame = frame.parent)
    key += `${frame.scopePath.scopeName}\u0003${frame.tokenAttributes}\u0003`
  return key
}

/**
 * The CSS declarations of one theme for a scope path (TextMate's rule: the last matching scope wins, per attribute).
 */
function declarations(name: 'light' | 'dark', resolved: ResolvedTheme, scopes: string[]): string[] {
  let foreground = resolved.defaultForeground
  let fontStyle = resolved.defaultFontStyle
  let path: ScopePath | null = null
  for (const scopeName of scopes) {
    path = { parent: path, scopeName }
    const match = resolved.theme.match(path as never)
    if (!match) continue
    if (match.fontStyle !== FontStyle.NotSet) fontStyle = match.fontStyle
    if (match.foregroundId !== 0) foreground = match.foregroundId
  }
  const result = [`--shiki-${name}:${resolved.colors[foreground]}`]
  if (fontStyle > 0) {
    if (fontStyle & FontStyle.Italic) result.push(`--shiki-${name}-font-style:italic`)
    if (fontStyle & FontStyle.Bold) result.push(`--shiki-${name}-font-weight:bold`)
    const decorations = [
      fontStyle & FontStyle.Underline ? 'underline' : '',
      fontStyle & FontStyle.Strikethrough ? 'line-through' : '',
    ].filter(Boolean)
    if (decorations.length) result.push(`--shiki-${name}-text-decoration:${decorations.join(' ')}`)
  }
  return result
}

/** A line's tokens as spans, neighbours of the same style merged into one. */
function tokensHtml(line: string, tokens: readonly IToken[], styleOf: (scopes: string[]) => string): string {
  let html = ''
  let pendingStyle: string | null = null
  let pendingText = ''
  for (const token of tokens) {
    const text = line.slice(token.startIndex, Math.min(token.endIndex, line.length))
    if (!text) continue
    const style = styleOf(token.scopes)
    if (style === pendingStyle) {
      pendingText += text
      continue
    }
    if (pendingStyle !== null) html += span(pendingStyle, pendingText)
    pendingStyle = style
    pendingText = text
  }
  if (pendingStyle !== null) html += span(pendingStyle, pendingText)
  return html
}

function span(style: string, text: string): string {
  return `<span style="${style}">${escapeCode(text)}</span>`
}
