import type { HeadTag, PluginOption } from '../plugins/types.ts'
import type { ThemeConfig } from '../shared/themeConfig.ts'
import type { CspDirectives, CspOption } from '../render/contentSecurityPolicy.ts'
import type { HeadersRule } from './headersOption.ts'
import type { ComponentRegistry, PropSpec } from '../markdown/componentRegistry.ts'
import type { PluggableList } from 'unified'

/** The theme: React modules the engine renders. Paths are relative to the project root. */
export interface ThemeModules {
  /** Wraps every template; may export its own `query`. Optional. */
  layout?: string
  /** Template name -> module. A page's `pageType` picks its template (`doc` when absent). */
  templates: Record<string, string>
  /** Global stylesheets bundled into the client. Default `[]`. */
  styles?: string[]
  /**
   * Element ids the layout and templates render (`content` for the `<main>`): a heading never
   * gets one of them (`## Content` becomes `#content-1`). The engine's own (`__SHEAF_ROOT__`,
   * `__SHEAF_DATA__`, any `__sheaf*` and React's `_r_*`) are always reserved. Default `[]`.
   */
  reservedIds?: string[]
  /**
   * Classes that raw HTML in content may use as written (`<div class="note">`), for styles the
   * theme means content to reach. Any other class from content gets the prefix `user-content-`,
   * so content can never put the theme's own classes (a full-screen panel, the navbar) on its
   * markup. The engine's own (GFM footnotes and task lists, `language-*`) are always kept. Default `[]`.
   */
  contentClasses?: string[]
  /**
   * The components `.mdx` pages may use, with the props each takes:
   * `{ Tabs: { groupId: { type: 'string' } }, Tab: { label: { type: 'string', required: true } } }`.
   * The engine names none: it checks each element's props at build time (file:line), and the
   * theme renders them (its `HastContent` components map). Default `{}` (no MDX components).
   */
  components?: ComponentRegistry
}

export interface MarkdownOptions {
  /** Shiki themes for light and dark. Default `github-light` / `github-dark`. */
  codeThemes?: { light: string; dark: string }
  /** Fail the build on dead internal links and anchors. Default `true`. */
  checkDeadLinks?: boolean
  /** Sanitize raw HTML in markdown (hast-util-sanitize). Default `true`. */
  sanitize?: boolean
  /**
   * Largest markdown page, in bytes; a larger one fails the build with its path (split it into
   * several pages). Default `2097152` (2 MB).
   */
  maxPageSize?: number
  /**
   * unified plugins run on every page's markdown tree (mdast), after Sheaf's own (containers,
   * code meta), e.g. `[remarkMath]` or `[[remarkToc, { heading: 'contents' }]]`. They run in the
   * markdown worker threads too (each imports the config) and are part of the cache key.
   */
  /**
   * Container types a site adds to the built-in `tip`, `note`, `info`, `warning`, `caution`,
   * `danger`, `details`: `['important']` makes `:::important` a container (`data-container="important"`;
   * the default theme styles an added type as a note). Default `[]`.
   */
  containerTypes?: string[]
  /**
   * Globs, from the site root, of markdown files that are fragments, not pages (Rspress's
   * `route.exclude`): `['docs/**\/_fragments/**']`. A fragment is shown where an MDX page
   * imports it (`import Shared from './_fragments/shared.mdx'`, then `<Shared />`). Default `[]`.
   */
  fragments?: string[]
  /**
   * Import prefixes of MDX fragments -> folders from the site root (a tsconfig's `paths`):
   * `{ '@en': 'docs/en' }` lets a page `import Shared from '@en/shared/x.mdx'`. Default `{}`.
   */
  importAliases?: Record<string, string>
  remarkPlugins?: PluggableList
  /**
   * unified plugins run on every page's HTML tree (hast), after the sanitizer (the config is
   * trusted; content is not), e.g. `[rehypeKatex]`. Same rules as `remarkPlugins`.
   */
  rehypePlugins?: PluggableList
}

export interface LinkOptions {
  /**
   * A link to an existing page with a missing `#anchor`: `'error'` fails the build with the other
   * dead links; `'warn'` reports it with file:line and builds (as Rspress, which checks no anchors,
   * lets a migrated site do). A link to a missing page is always an error. Default `'error'`.
   */
  deadAnchors?: 'warn' | 'error'
}

/**
 * A React component of the site's own code that `.mdx` pages may use (the config's `components`).
 * Site code is trusted, content is not: a page gives it literal props only, checked at build time.
 */
export interface SiteComponentOption {
  /** Its module, from the site root: `'site/components/Card.tsx'`. */
  module: string
  /** The export that is the component. Default `'default'`. */
  export?: string
  /**
   * Its props, declared as `theme.components` declares them (`{ title: { type: 'string', required: true } }`):
   * a page's props are checked against them at build time. Left out, any prop is taken, each a
   * literal value (a string, number, boolean, array or object; never code).
   */
  props?: Readonly<Record<string, PropSpec>>
}

/** A site component's module, resolved: its absolute file and the export that is the component. */
export interface SiteComponentModule {
  file: string
  export: string
}

/** What `site/config.ts` default-exports through `defineConfig`. */
export interface UserConfig {
  /** The site title, shown in the navbar and in every `<title>`. Required. */
  title: string
  /** Default `''`. */
  description?: string
  /**
   * The origin the site is deployed to, e.g. `https://example.org` (for canonical URLs, sitemaps, social cards).
   * Default `''`.
   */
  url?: string
  /** Favicon URL (relative to the base). */
  icon?: string
  /** Logo URL, or one per colour scheme. */
  logo?: string | { light: string; dark: string }
  /** Base path the site is served under. Default `/`. */
  base?: string
  /** The site's (default) language. Default `en`. */
  lang?: string
  /** Output folder. Default `build`. */
  outDir?: string
  /** Static files copied to the output root. Default `content/public`. */
  publicDir?: string
  /**
   * The React theme. Required. Its modules, or the package name or path of a module whose default
   * export is them (or a function returning them): `theme: 'sheaf/theme'`, `theme: './my-theme/index.ts'`.
   * A package name resolves from the config file's folder, a path relative to it.
   */
  theme: ThemeModules | string
  /** Free-form data for the theme (nav, sidebar, social links, footer, ...). */
  themeConfig?: ThemeConfig
  /**
   * The site's own React components that `.mdx` pages may use, by the name pages write:
   * `{ Card: { module: 'site/components/Card.tsx' } }`. They render on the server and hydrate in
   * the browser, beside the theme's components, never over them (a page's `<Card>` is the site's
   * only where the page imports `Card` from a module other than the theme's). Default `{}`.
   */
  components?: Record<string, SiteComponentOption>
  markdown?: MarkdownOptions
  /** Extra tags for every page's `<head>` (e.g. the theme's no-flash script). Default `[]`. */
  head?: HeadTag[]
  /** How the build treats dead internal links. */
  links?: LinkOptions
  /** In config order; falsy entries skipped, nested arrays flattened. */
  plugins?: PluginOption[]
  /** Dev server port. Default 5173. */
  devPort?: number
  /** Preview server port. Default 4173. */
  previewPort?: number
  /**
   * How many threads a build keeps busy: markdown workers, the render worker, and what plugins
   * run in parallel (social cards). `1` keeps the work on the main thread (the client bundle
   * still builds in its own thread). Default: every core (`os.availableParallelism()`).
   */
  buildConcurrency?: number
  /**
   * The Content-Security-Policy every built page ships with (a `<meta>` with the hashes of the
   * inline `head` and plugin scripts, and a `_headers` file). A directive named here replaces the
   * default one, `false` removes it; `csp: false` ships no policy. Default: a strict policy (see
   * docs/configuration.md).
   */
  csp?: CspOption
  /**
   * Response headers by path, written to the build's `_headers` (Netlify, Cloudflare Pages;
   * `sheaf preview` and `sheaf dev` send them) before the policy's rule: `[{ for: '/*', values: { 'X-Frame-Options':
   * 'DENY' } }]`. Headers come from here, never from a `_headers` file in the public folder (which is refused). Default
   * `[]`.
   */
  headers?: HeadersRule[]
}

/** The validated config with defaults applied and paths made absolute. */
export interface ResolvedConfig {
  root: string
  configFile: string
  title: string
  description: string
  url: string
  icon?: string
  logo?: string | { light: string; dark: string }
  base: string
  lang: string
  outDir: string
  publicDir: string
  /** `siteComponents`: the config's `components` (the site's own MDX components), by name. */
  theme: {
    layout?: string
    templates: Record<string, string>
    styles: string[]
    siteComponents?: Record<string, SiteComponentModule>
  }
  themeConfig: ThemeConfig
  /**
   * `reservedIds`, `contentClasses` and `components`: the theme's (`theme.reservedIds`, …), for the
   * markdown pipeline.
   */
  markdown: Required<MarkdownOptions> & {
    reservedIds: string[]
    contentClasses: string[]
    components: ComponentRegistry
  }
  head: HeadTag[]
  links: Required<LinkOptions>
  plugins: PluginOption[]
  devPort: number
  previewPort: number
  buildConcurrency: number
  /** The policy's directives (plugins' sources not yet added), or false for none. */
  csp: false | CspDirectives
  /** Response headers by path (`headers`), checked. */
  headers: HeadersRule[]
}
