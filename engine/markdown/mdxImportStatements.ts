import type { VFile } from 'vfile'
import type { ComponentRegistry } from './componentRegistry.ts'
import type { FragmentOptions } from './fragmentImports.ts'
import { assetImportPath, pathFromPage, unsupportedImportExtension } from './mdxAssetImports.ts'
import { knownComponentNames } from './siteComponentProps.ts'
import { siteComponentTag } from '../shared/siteComponents.ts'

/**
 * Where Rspress's theme components are imported from: an import of one the theme lacks is dropped (using it still
 * fails).
 */
const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/

/** What a page's imports record: the components' local names, the images imported as values. */
export interface ImportsFound {
  aliases: Map<string, string>
  assets: Map<string, string>
  imports?: FragmentOptions
}

/** An `mdxjsEsm` node, with the estree MDX parsed its statements into. */
export interface EsmNode {
  value: string
  position?: unknown
  data?: {
    estree?: {
      body: {
        type: string
        source?: { value: unknown }
        specifiers?: { type: string; imported?: { name?: string; value?: string }; local: { name: string } }[]
      }[]
    }
  }
}

/**
 * Accepts the import statements of an MDX page (single- or multi-line, read from the tree MDX
 * already parsed) that name components the theme declares: from `@theme` or `rspress/theme`
 * (Rspress) as from anywhere, they are dropped and the theme's own component is used; an alias is
 * recorded in `aliases`. An unknown component imported from a theme module is dropped too (as
 * Rspress would render it, using it fails at the element); anything else fails at the line.
 */
export function checkImports(node: EsmNode, components: ComponentRegistry, file: VFile, found: ImportsFound): void {
  const { aliases, assets } = found
  const body = node.data?.estree?.body
  if (!body) {
    file.fail(
      `Only \`import { Component } from '...'\` of known theme components is allowed in MDX, ` +
        `got \`${node.value.trim().slice(0, 60)}\`.`,
      node as never,
      'sheaf:mdx',
    )
  }
  for (const statement of body!) {
    if (statement.type !== 'ImportDeclaration') {
      file.fail(
        `Only \`import { Component } from '...'\` of known theme components is allowed in MDX, ` +
          `got \`${node.value.trim().split('\n')[0].slice(0, 60)}\`.`,
        node as never,
        'sheaf:mdx',
      )
    }
    const source = String(statement.source?.value)
    const fromTheme = themeModuleRE.test(source)
    const only = statement.specifiers?.length === 1 ? statement.specifiers[0] : undefined
    const asset = only?.type === 'ImportDefaultSpecifier' ? assetImportPath(source, file.path, found.imports) : null
    if (asset !== null) {
      const page = typeof file.data.page === 'string' ? file.data.page : file.path
      const fromPage = page === file.path || asset.startsWith('/') ? asset : pathFromPage(asset, file.path, page)
      assets.set(only!.local.name, fromPage)
      continue
    }
    const extension = statement.specifiers?.length ? unsupportedImportExtension(source) : null
    if (extension !== null) {
      const what =
        'an MDX page imports components, `.md`/`.mdx` fragments and images (png, jpg, jpeg, gif, webp, avif, svg)'
      const fix = 'Link to the file instead, or put what it says in the page.'
      const message =
        `\`${source}\` cannot be imported: ${what} as values, ` +
        `not a \`${extension}\` file (content never runs code).`
      file.fail(`${message} ${fix}`, node as never, 'sheaf:mdx')
    }
    for (const specifier of statement.specifiers ?? []) {
      const imported =
        specifier.type === 'ImportSpecifier'
          ? (specifier.imported?.name ?? specifier.imported?.value ?? '')
          : specifier.local.name
      // From the site's code (any module but the theme's: MDX runs no import, the name says which).
      if (!fromTheme && Object.hasOwn(components, siteComponentTag(imported))) {
        aliases.set(specifier.local.name, siteComponentTag(imported))
      } else if (Object.hasOwn(components, imported)) {
        if (specifier.local.name !== imported) aliases.set(specifier.local.name, imported)
      } else if (!fromTheme) {
        file.fail(
          `Unknown component import \`${imported}\`. Known components: ${knownComponentNames(components)}.`,
          node as never,
          'sheaf:mdx',
        )
      }
    }
  }
}
