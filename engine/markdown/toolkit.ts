/**
 * `sheaf/markdown`: for plugins that read page sources, the parser the engine parses pages with
 * and the converter to portable markdown. A subpath of its own because it loads unified, micromark
 * and their extensions (about 200 modules, a fifth of a second): a site config that imports
 * `sheaf` does not load them, so neither does a rebuild's main thread, which reads parsed pages
 * from the cache.
 */
export { createParser } from './parser.ts'
export { portableMarkdown, type MdxElement, type PortableHooks } from './portableMarkdown.ts'
