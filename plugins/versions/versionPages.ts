import { SheafError, type PageInput, type SheafNode } from 'sheaf'
import type { VersionInfo } from './versionInfo.ts'

/** Each older version gets its own 404 page, so its navbar and "Take me home" stay in that version. */
export function versionNotFoundPages(infos: VersionInfo[]): PageInput[] {
  return infos
    .filter((info) => info.prefix)
    .map((info) => ({ path: `${info.prefix}/404`, template: '404', context: { path: `${info.prefix}/404` } }))
}

/** Fails the build when a version of the config has no page (its folder is missing or empty). */
export function assertEveryVersionHasPages(names: string[], pages: readonly SheafNode[]): void {
  const present = new Set(pages.map((page) => page.version))
  const missing = names.filter((name) => !present.has(name))
  if (missing.length === 0) return
  throw new SheafError(
    `The version${missing.length > 1 ? 's' : ''} ${missing.map((name) => `\`${name}\``).join(', ')} in the ` +
      `config ha${missing.length > 1 ? 've' : 's'} no pages.`,
    {
      file: 'site/config.ts',
      hint:
        `create content/${missing[0]}/index.md (each version is a folder under content/), ` +
        `or remove it from \`versions\`.`,
    },
  )
}
