/** Languages written right to left (primary subtags), and scripts that are. */
const rtlLanguages = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'ha',
  'he',
  'iw',
  'khw',
  'ks',
  'ku',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
])
const rtlScripts = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm', 'rohg'])

/**
 * The `dir` of a language tag: 'rtl' for Arabic, Hebrew, Persian, Urdu... (or a tag
 * naming a right-to-left script, `pa-Arab`), 'ltr' otherwise. Used for `<html dir>`
 * on the server and after each client navigation, so both agree.
 */
export function textDirection(lang: string): 'ltr' | 'rtl' {
  const [language = '', ...rest] = lang.toLowerCase().split(/[-_]/)
  if (rest.some((subtag) => rtlScripts.has(subtag))) return 'rtl'
  return rtlLanguages.has(language) ? 'rtl' : 'ltr'
}
