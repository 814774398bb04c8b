import path from 'node:path/posix'

export interface LinkTarget {
  /** Resolves a link written in a page to an absolute URL, or null to leave it. */
  (href: string): string | null
}

/** Resolves a page's relative `.md` link or absolute route to an absolute URL. */
export function createLinkResolver(options: {
  sourcePath: string
  versionPrefix: string
  langPrefix: string
  routeOfSource: (sourcePath: string) => string | undefined
  hasRoute: (route: string) => boolean
  absolute: (route: string) => string
}): LinkTarget {
  return (href) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return null
    const [target, hash] = href.split('#')
    const suffix = hash ? `#${hash}` : ''
    if (target.startsWith('/') && !/\.mdx?$/.test(target)) {
      const prefix = [options.langPrefix, options.versionPrefix].filter(Boolean).join('/')
      const withinVersion = prefix ? `/${prefix}${target}` : target
      return options.absolute(options.hasRoute(withinVersion) ? withinVersion : target) + suffix
    }
    const file = path.normalize(path.join(path.dirname(options.sourcePath), target))
    const candidates = /\.mdx?$/.test(file)
      ? [file, file.endsWith('.mdx') ? file.slice(0, -1) : `${file}x`]
      : [`${file}.md`, `${file}.mdx`, `${file}/index.md`]
    for (const candidate of candidates) {
      const route = options.routeOfSource(candidate)
      if (route) return options.absolute(route) + suffix
    }
    return null
  }
}
