import { escapeMarkup } from '../render/escapeMarkup.ts'

/**
 * Code shown without a grammar (a `text` block, a line too long to tokenize), written as
 * dualThemeHtml writes it. Kept apart from shiki: a plain block never loads it (a site's first
 * `text` block loaded shiki, its themes and its WebAssembly on the main thread, 0.1 s of CPU
 * while the main thread's transform was the build's critical path).
 */

/** Shiki's plain languages (its `isPlainLang`), known without importing shiki. */
const plainLanguages = new Set(['plaintext', 'txt', 'text', 'plain'])

export function isPlainLanguage(lang: string): boolean {
  return !lang || plainLanguages.has(lang)
}

/** Code text escaped as hast-util-to-html escapes shiki's own output (`&` and `<`). */
export const escapeCode = (value: string) => escapeMarkup(value, 'text')

/** One line in the default colour; an empty line is an empty `span.line`. */
export function plainLineHtml(line: string, lineClass: string): string {
  return line === ''
    ? `<span class="${lineClass}"></span>`
    : `<span class="${lineClass}"><span>${escapeCode(line)}</span></span>`
}

/** The inner HTML of a plain block's `<code>` (see DualThemeHtml.render). */
export function plainCodeHtml(code: string, highlightedLines: ReadonlySet<number>): string {
  return code
    .split(/\r\n|\r|\n/)
    .map((line, index) => plainLineHtml(line, highlightedLines.has(index + 1) ? 'line highlighted' : 'line'))
    .join('\n')
}
