import type { VersionsOptions } from './index.ts'

export interface VersionInfo {
  name: string
  isDefault: boolean
  /** Route prefix: '' for the default version, `/12.x` for the others. */
  prefix: string
}

/** The versions in the config's order, the default one served at the root. */
export function versionInfos(options: VersionsOptions): VersionInfo[] {
  return options.versions.map((name) => ({
    name,
    isDefault: name === options.default,
    prefix: name === options.default ? '' : `/${name}`,
  }))
}

/**
 * The version and language prefix of a route that is no page (a 404): a version's prefix comes
 * first (`/12.x/404`), or second after a language's (`/zh/12.x/404`).
 */
export function prefixesOfRoute(infos: VersionInfo[], route: string): { version: VersionInfo; langPrefix: string } {
  const [first, second] = route.split('/').filter(Boolean)
  const prefixed = (name: string | undefined) => infos.find((info) => info.prefix && info.name === name)
  const atFirst = prefixed(first)
  if (atFirst) return { version: atFirst, langPrefix: '' }
  const atSecond = prefixed(second)
  return atSecond ? { version: atSecond, langPrefix: first } : { version: defaultVersion(infos), langPrefix: '' }
}

function defaultVersion(infos: VersionInfo[]): VersionInfo {
  return infos.find((info) => info.isDefault) as VersionInfo
}
