/**
 * Text from content (a page's title or description, a sidebar section's label) made safe for one
 * line of llms.txt: every line break (CR, LF, U+2028/9, form feed, vertical tab) becomes a space,
 * so a description cannot write a line of its own (a fake `- [link](...)` entry), and the
 * characters that open or close markdown syntax on that line (`\`, `[`, `]`, and `(`/`)`, `<`,
 * `>`, `*`, `_`, backtick) are backslash-escaped, so a title cannot close its link early.
 */
export function inlineText(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029\f\v\u0085]+/g, ' ')
    .replace(/[\\[\]()<>*_`]/g, (character) => `\\${character}`)
    .trim()
}
