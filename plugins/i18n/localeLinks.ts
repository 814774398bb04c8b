import { toRoute, type QueryContext, type SheafNode } from 'sheaf'
import type { LocaleRules } from './localeRules.ts'

/** For the language switcher: the same page in each language, or that language's home when it has none. */
export function localeLinks({ locales, prefixOf }: LocaleRules, path: string, context: QueryContext) {
  const page = context.pageByPath(path)
  const index = pagesByIdentity(context.store)
  return locales.map((locale) => {
    const match = page && index.get(`${locale.lang}|${String(page.version)}|${String(page.slug)}`)
    // Only the match's route is shown: a change to its content leaves this page alone.
    if (match) context.track(match.id, ['path'])
    const home = toRoute({
      slug: '/',
      langPrefix: prefixOf(locale.lang),
      versionPrefix: String(page?.versionPrefix ?? ''),
    })
    return { lang: locale.lang, label: locale.label, path: match ? String(match.path) : home }
  })
}

const identityIndexes = new WeakMap<object, Map<string, SheafNode>>()

/** Pages by `lang|version|slug`, built once per node store (not a scan per page: that is quadratic). */
function pagesByIdentity(store: QueryContext['store']): Map<string, SheafNode> {
  let index = identityIndexes.get(store)
  if (!index) {
    index = new Map(
      store
        .getNodesByType('Page')
        .map((node) => [`${String(node.lang)}|${String(node.version)}|${String(node.slug)}`, node]),
    )
    identityIndexes.set(store, index)
  }
  return index
}
