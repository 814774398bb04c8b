import { bundledLanguages, bundledLanguagesAlias, createHighlighter, createJavaScriptRegexEngine, createOnigurumaEngine, type Highlighter } from 'shiki'
import { withScannerCache } from './scannerCache.ts'

export interface CodeHighlighter {
  /** Resolves an alias (`sh`, `yml`, `md`) to a bundled language, or null when unknown. */
  resolveLanguage(lang: string): string | null
  /** Loads a language on first use; languages load lazily. */
  ensureLanguage(lang: string): Promise<void>
  shiki: Highlighter
  themes: { light: string; dark: string }
}

/** Creates the shiki highlighter once per build (or worker); languages load on demand. */
export async function createCodeHighlighter(themes: { light: string; dark: string }, options: { regexEngine?: 'oniguruma' | 'javascript' } = {}): Promise<CodeHighlighter> {
  // Oniguruma (WebAssembly) is the faster engine in Node; the JavaScript one runs where WebAssembly streaming does not (jsdom).
  const engine = withScannerCache(options.regexEngine === 'javascript' ? createJavaScriptRegexEngine() : await createOnigurumaEngine(import('shiki/wasm')))
  const shiki = await createHighlighter({ themes: [themes.light, themes.dark], langs: [], engine })
  const loaded = new Set<string>(['text', 'plaintext', 'txt'])
  return {
    shiki,
    themes,
    resolveLanguage(lang) {
      const lower = lang.toLowerCase()
      if (loaded.has(lower)) return lower
      if (Object.hasOwn(bundledLanguages, lower)) return lower
      if (Object.hasOwn(bundledLanguagesAlias, lower)) return lower
      return null
    },
    async ensureLanguage(lang) {
      if (loaded.has(lang)) return
      await shiki.loadLanguage(lang as never)
      loaded.add(lang)
    },
  }
}
