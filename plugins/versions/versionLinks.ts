import { toRoute, type QueryContext, type SheafNode } from 'sheaf'
import { identity, pagesByIdentity, stripFirstSegment } from './pageIndex.ts'
import { prefixesOfRoute, type VersionInfo } from './versionInfo.ts'

/** The version a route belongs to: its page's, else (a route that is no page) the one its prefix names. */
export function versionOfPath(infos: VersionInfo[], page: SheafNode | undefined, path: string): VersionInfo {
  return infos.find((info) => info.name === page?.version) ?? prefixesOfRoute(infos, path).version
}

/** For the version switcher: the same page in each version, or that version's home when it has none. */
export function versionLinks(infos: VersionInfo[], path: string, context: QueryContext) {
  const page = context.pageByPath(path)
  const current = versionOfPath(infos, page, path)
  const slug = page ? String(page.slug) : current.prefix ? stripFirstSegment(path) : path
  const lang = page ? (page.lang as string | null) : null
  const langPrefix = page ? String(page.langPrefix ?? '') : prefixesOfRoute(infos, path).langPrefix
  const index = pagesByIdentity(context.store)
  return infos.map((info) => {
    const match = index.get(identity({ version: info.name, lang: lang ?? firstLang(index, info.name), slug }))
    // Only the match's route is shown: a change to its content leaves this page alone.
    if (match) context.track(match.id, ['path'])
    return {
      version: info.name,
      path: match ? String(match.path) : toRoute({ slug: '/', langPrefix, versionPrefix: info.prefix.slice(1) }),
      exists: Boolean(match),
    }
  })
}

function firstLang(index: Map<string, unknown>, version: string): string {
  for (const key of index.keys()) {
    const [keyVersion, lang] = key.split('|')
    if (keyVersion === version) return lang
  }
  return ''
}
