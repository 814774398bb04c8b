import { describe, expect, it } from 'vitest'
import * as engine from '../../../engine/index.ts'
import * as runtime from '../../../engine/shared/index.ts'

// The public API is a deliberate list: adding or removing an export is a decision, so this test changes with it.
describe('public API', () => {
  it('exports exactly these values from sheaf', () => {
    expect(Object.keys(engine).sort()).toEqual([
      'PersistentCache',
      'SheafError',
      'build',
      'containerTypes',
      'defineConfig',
      'definePlugin',
      'encodeRoute',
      'escapeMarkup',
      'fillPortableMarkdown',
      'formatError',
      'isExternalHref',
      'isSheafError',
      'linkTarget',
      'loadDataLayer',
      'movedResult',
      'normalizeContainerTitles',
      'outputDirOfStaging',
      'routeKey',
      'routeToHtmlFile',
      'routeToMarkdownFile',
      'runInWorker',
      'startWorker',
      'toRoute',
      'walkDirectory',
      'withBase',
    ])
  })

  it('exports exactly these values from sheaf/runtime', () => {
    expect(Object.keys(runtime).sort()).toEqual([
      'App',
      'HastContent',
      'Helmet',
      'HelmetProvider',
      'Link',
      'RawHtml',
      'defaultContainerTypes',
      'encodeRoute',
      'encodeRouteHref',
      'graphql',
      'isExternalHref',
      'normalizeBase',
      'resolvePath',
      'routeKey',
      'routeToMarkdownFile',
      'stripBase',
      'textDirection',
      'toRoute',
      'usePageData',
      'useRouter',
      'useSiteData',
      'useStaticQuery',
      'withBase',
    ])
  })

  it('defineConfig and definePlugin return their argument unchanged', () => {
    const config = { title: 'x', theme: { templates: {} } }
    expect(engine.defineConfig(config)).toBe(config)
    const plugin = { name: 'p' }
    expect(engine.definePlugin(plugin)).toBe(plugin)
  })
})
