/**
 * Sheaf's public API: what a site config and a plugin may import.
 * A test pins this list (tests/unit/engine/publicApi.test.ts).
 */
export { build, loadDataLayer, type BuildOptions, type BuildResult, type RenderedPage } from './build.ts'
export { defineConfig, definePlugin } from './config/defineConfig.ts'
export type { MarkdownOptions, ResolvedConfig, ThemeModules, UserConfig } from './config/types.ts'
export { formatError, isSheafError, SheafError, type SheafErrorOptions } from './errors.ts'
export { outputDirOfStaging } from './render/outputDir.ts'
export { PersistentCache } from './incremental/persistentCache.ts'
export { walkDirectory, type DirectoryEntry, type WalkOptions } from './fs/walkDirectory.ts'
export { linkTarget, type LinkTarget } from './fs/linkTarget.ts'
export { escapeMarkup, type MarkupContext } from './render/escapeMarkup.ts'
export { runInWorker, startWorker, type WorkerTask } from './workers/runInWorker.ts'
export { movedResult } from './workers/movedResult.ts'
export { containerTypes, normalizeContainerTitles } from './markdown/remarkContainers.ts'
export type { ComponentRegistry, PropSpec, PropType } from './markdown/componentRegistry.ts'
/**
 * A page as portable markdown (see Plugin.portableMarkdown): the template's links filled in. The parser and the
 * converter from a source are in `sheaf/markdown`.
 */
export { fillPortableMarkdown, type PortableLink, type PortableTemplate } from './markdown/portableTemplate.ts'
export type { MdxElement, PortableHooks } from './markdown/portableMarkdown.ts'
export type {
  Awaitable,
  BuiltPage,
  GraphqlRunner,
  HeadTag,
  NodeApi,
  PageInfo,
  PageInput,
  PagesApi,
  Plugin,
  PluginOption,
  PostBuildApi,
  Reporter,
  SchemaApi,
  SiteInfo,
  SourceApi,
} from './plugins/types.ts'
export type { GraphQLResolverMap, QueryContext } from './schema/types.ts'
export type { NodeModel } from './schema/nodeModel.ts'
export type { NodeInput, SheafNode } from './store/types.ts'
export { isExternalHref, routeKey, routeToHtmlFile, routeToMarkdownFile, toRoute, withBase } from './shared/routes.ts'
export { encodeRoute } from './shared/encodeRoute.ts'
export type { EditLink, NavItem, SidebarItem, SocialLink, ThemeConfig } from './shared/themeConfig.ts'
