import path from 'node:path'
import { NonLiteral, sourceText, type LiteralValue } from './readConfigLiteral.ts'
import { pathFromDirname, shorten, type Translation } from './translation.ts'
import type { TranslatedConfig } from './translateConfig.ts'

/** `markdown`: the Sheaf `markdown` options it gives (plugins are code, and listed). */
export function translateMarkdown(t: Translation, source: Record<string, LiteralValue>): Record<string, unknown> {
  const { isCode, skip, translated, notes } = t
  const markdown: Record<string, unknown> = {}
  // markdown
  const markdownSource = source.markdown
  if (markdownSource !== undefined && !isCode('markdown', markdownSource)) {
    for (const [key, value] of Object.entries(markdownSource as Record<string, LiteralValue>)) {
      const at = `markdown.${key}`
      if (key === 'checkDeadLinks' && typeof value === 'boolean') {
        // Rspress checks page links only when asked; Sheaf always can. Kept on unless turned off.
        if (value === false) markdown.checkDeadLinks = false
        translated.push(at)
      } else if (key === 'remarkPlugins' || key === 'rehypePlugins') {
        skip(
          at,
          `plugins are code: import them in site/config.ts and list them in \`markdown.${key}\` (they run on ` +
            `Sheaf's trees the same way; see docs/markdown-plugins-and-components.md)`,
        )
      } else if (key === 'showLineNumbers' || key === 'defaultWrapCode') {
        skip(at, 'the default theme has no option for it')
      } else if (key === 'codeHighlighter' || key === 'highlightLanguages') {
        skip(
          at,
          'Sheaf highlights with Shiki and loads every language it knows; `markdown.codeThemes` picks the themes',
        )
      } else if (key === 'mdxRs' || key === 'experimentalMdxRs') {
        translated.push(at)
      } else if (key === 'globalComponents') {
        skip(
          at,
          'MDX pages may use the components the theme declares (Tabs, Tab, PackageManagerTabs, Badge); ' +
            'others need a theme change',
        )
      } else {
        skip(at, 'not a markdown option Sheaf knows')
      }
    }
  }

  const checksLinks = (markdownSource as Record<string, LiteralValue> | undefined)?.checkDeadLinks
  if (checksLinks === undefined) {
    notes.push(
      'Rspress checks page links only with `markdown.checkDeadLinks: true` (off by default); ' +
        'Sheaf always does. A dead page link fails the build with its file and line: fix it, or set `markdown: ' +
        '{ checkDeadLinks: false }` in site/config.ts to build without the check.',
    )
  }

  return markdown
}

/** `route`: its `exclude` globs (from the content folder) become `markdown.fragments` (from the site root). */
export function translateRoute(
  t: Translation,
  source: Record<string, LiteralValue>,
  markdown: Record<string, unknown>,
  contentRoot: string,
  versionFolder: string | undefined,
): void {
  const { isCode, skip, translated } = t
  // route
  const routeSource = source.route
  if (routeSource !== undefined && !isCode('route', routeSource)) {
    for (const [key, value] of Object.entries(routeSource as Record<string, LiteralValue>)) {
      const at = `route.${key}`
      if (key === 'cleanUrls') translated.push(at)
      else if (key === 'exclude' && Array.isArray(value) && value.every((glob) => typeof glob === 'string')) {
        // Rspress's globs are from the content folder; Sheaf's `markdown.fragments` from the site root.
        markdown.fragments = (value as string[]).map((glob) =>
          path.posix.join(contentRoot, versionFolder ?? '', glob.replace(/^\.\//, '')),
        )
        translated.push(at)
      } else if (key === 'exclude')
        skip(
          at,
          `cannot read ${JSON.stringify(value)} as a list of globs: ` +
            `list the fragments in \`markdown.fragments\` by hand`,
        )
      else skip(at, 'Sheaf builds every .md and .mdx file of the content folder')
    }
  }
}

/** `search` (and `themeConfig.search`): whether the new site has the search plugin. */
export function translateSearch(
  t: Translation,
  source: Record<string, LiteralValue>,
  themeSource: Record<string, LiteralValue>,
): boolean {
  const { isCode, skip, translated } = t
  // search: local by default; `false` turns it off.
  const searchSource = source.search
  const withSearch = searchSource !== false && themeSource.search !== false
  if (searchSource !== undefined && searchSource !== false && !isCode('search', searchSource)) {
    for (const key of Object.keys(searchSource as Record<string, LiteralValue>)) {
      const value = (searchSource as Record<string, LiteralValue>)[key]
      if (key === 'mode' && value === 'local') translated.push('search.mode')
      else if (key === 'versioned') translated.push('search.versioned')
      else
        skip(
          `search.${key}`,
          key === 'mode'
            ? 'remote search is configured with `search({ remote })`; see docs/plugins.md'
            : key === 'codeBlocks'
              ? "Sheaf's index holds each section's text; code blocks are not indexed separately"
              : 'not a search option Sheaf knows',
        )
    }
  } else if (searchSource === false) translated.push('search')

  return withSearch
}

/** `globalStyles`: copied into the new site and added after the theme's own stylesheet. */
export function translateGlobalStyles(
  t: Translation,
  source: Record<string, LiteralValue>,
): TranslatedConfig['styles'] {
  const { skip, translated } = t
  const styles: TranslatedConfig['styles'] = []
  const globalStyles = source.globalStyles
  if (globalStyles !== undefined) {
    const from =
      globalStyles instanceof NonLiteral
        ? pathFromDirname(globalStyles.source)
        : typeof globalStyles === 'string'
          ? globalStyles.replace(/^\.\//, '')
          : null
    if (from) {
      styles.push({ from, to: `site/styles/${from.split('/').pop()}` })
      translated.push('globalStyles')
      skip(
        'globalStyles (partly)',
        "copied and loaded after the theme's styles, but Rspress's CSS variables (`--rp-c-brand`, ...) " +
          "and class names do not exist in Sheaf's theme: rules that use them have no effect",
      )
    } else skip('globalStyles', `cannot tell the file from \`${shorten(sourceText(globalStyles))}\``)
  }
  return styles
}
