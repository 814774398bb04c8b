import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Highlighter, RegexEngine } from 'shiki'
import { bundledLanguages, bundledLanguagesAlias } from 'shiki/langs'
import type { DualThemeHtml } from './dualThemeHtml.ts'
import { isPlainLanguage, plainCodeHtml } from './plainCodeHtml.ts'
import { withScannerCache } from './scannerCache.ts'

export interface CodeHighlighter {
  /** Resolves an alias (`sh`, `yml`, `md`) to a bundled language, or null when unknown. */
  resolveLanguage(lang: string): string | null
  /** Loads a language on first use (and shiki with the first); languages load lazily. */
  ensureLanguage(lang: string): Promise<void>
  /** The shiki instance, once `ensureLanguage` has run. */
  readonly shiki: Highlighter
  themes: { light: string; dark: string }
  /** The inner HTML of a block's `<code>` in both themes (see dualThemeHtml.ts); `lang` as resolveLanguage gave it. */
  highlight(code: string, lang: string, highlightedLines: ReadonlySet<number>): Promise<string>
}

let onigurumaLoad: Promise<RegexEngine> | null = null

/** Shiki's Oniguruma engine: its WebAssembly compiled once per thread, whichever highlighter asks first. */
function onigurumaEngine(): Promise<RegexEngine> {
  return (onigurumaLoad ??= import('shiki').then(({ createOnigurumaEngine }) =>
    createOnigurumaEngine(onigurumaInstantiator()),
  ))
}

/**
 * The WebAssembly as shiki's `{ instantiator }` option, not its bytes: given bytes, shiki first
 * asks whether they are a fetch `Response`, and naming `Response` loads Node's fetch machinery
 * (undici) on the thread (in the dev server's body worker, 50-100 ms of its start-up, before the
 * first page's body).
 */
async function onigurumaInstantiator(): Promise<
  | { instantiator: (imports: WebAssembly.Imports | undefined) => Promise<WebAssembly.WebAssemblyInstantiatedSource> }
  | typeof import('shiki/wasm')
> {
  const binary = await onigurumaBinary()
  if (!(binary instanceof Uint8Array)) return binary
  return { instantiator: (imports) => WebAssembly.instantiate(binary as BufferSource, imports) }
}

/**
 * The engine's WebAssembly, read from shiki's `onig.wasm`. `shiki/wasm` inlines the same bytes
 * as gzipped base64 and unpacks them through web streams, which loads Node's fetch machinery:
 * 50 ms of a worker's start-up against 20 ms from the file. Falls back to it if the file is not there.
 */
async function onigurumaBinary(): Promise<Uint8Array | typeof import('shiki/wasm')> {
  try {
    return await fs.readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'))
  } catch {
    return import('shiki/wasm')
  }
}

/**
 * Loads shiki and compiles its WebAssembly engine ahead of the first highlighter (in a worker started before the config
 * is read).
 */
export async function preloadHighlighter(): Promise<void> {
  await onigurumaEngine()
}

/**
 * The shiki highlighter of a build (or worker). Shiki itself, its themes and
 * its WebAssembly regex engine load with the first language asked for: a
 * rebuild whose edited page has no code block never loads them (0.2 s).
 * Languages load on demand.
 */
export async function createCodeHighlighter(
  themes: { light: string; dark: string },
  options: { regexEngine?: 'oniguruma' | 'javascript' } = {},
): Promise<CodeHighlighter> {
  let instance: Highlighter | null = null
  let creating: Promise<Highlighter> | null = null
  const create = () =>
    (creating ??= (async () => {
      const { createHighlighter, createJavaScriptRegexEngine } = await import('shiki')
      // Oniguruma (WebAssembly) is the faster engine in Node; the JavaScript one runs where WebAssembly streaming does
      // not (jsdom).
      const engine = withScannerCache(
        options.regexEngine === 'javascript' ? createJavaScriptRegexEngine() : await onigurumaEngine(),
      )
      instance = await createHighlighter({ themes: [themes.light, themes.dark], langs: [], engine })
      return instance
    })())
  const loaded = new Set<string>(['text', 'plaintext', 'txt'])
  const ensureLanguage = async (lang: string) => {
    const shiki = await create()
    if (loaded.has(lang)) return
    await shiki.loadLanguage(lang as never)
    loaded.add(lang)
  }
  let dual: DualThemeHtml | null = null
  return {
    get shiki() {
      if (!instance) throw new Error('The highlighter is not loaded yet: call ensureLanguage first.')
      return instance
    },
    themes,
    resolveLanguage(lang) {
      const lower = lang.toLowerCase()
      if (loaded.has(lower)) return lower
      if (Object.hasOwn(bundledLanguages, lower)) return lower
      if (Object.hasOwn(bundledLanguagesAlias, lower)) return lower
      return null
    },
    ensureLanguage,
    async highlight(code, lang, highlightedLines) {
      // Plain text needs no grammar: shiki is not loaded for it (see plainCodeHtml.ts).
      if (isPlainLanguage(lang)) return plainCodeHtml(code, highlightedLines)
      await ensureLanguage(lang)
      // Imported with shiki, not before: it imports shiki's TextMate runtime.
      dual ??= (await import('./dualThemeHtml.ts')).createDualThemeHtml(instance as Highlighter, themes)
      return dual.render(code, lang, highlightedLines)
    },
  }
}
