import { describe, expect, it } from 'vitest'
import {
  normalizeBase,
  resolvePath,
  routeKey,
  routeToDataFile,
  routeToHtmlFile,
  stripBase,
  toRoute,
  withBase,
} from '../../../../engine/shared/routes.ts'
import { toSlug } from '../../../../engine/sources/markdownTransformer.ts'

describe('path resolution (SPEC §2)', () => {
  it('URL-decodes, strips .html and turns a trailing /index into /', () => {
    expect(resolvePath('/docs/api/render.html')).toBe('/docs/api/render')
    expect(resolvePath('/cookbook/index')).toBe('/cookbook/')
    expect(resolvePath('/index.html')).toBe('/')
    expect(resolvePath('/docs/%E4%B8%AD%E6%96%87')).toBe('/docs/中文')
  })

  it('keeps a malformed escape as written instead of throwing', () => {
    expect(resolvePath('/docs/%E4%')).toBe('/docs/%E4%')
  })

  it('gives /x, /x/, /x.html and /x/index the same lookup key', () => {
    for (const path of ['/x', '/x/', '/x.html', '/x/index', '/x/index.html']) expect(routeKey(path)).toBe('/x')
    expect(routeKey('/')).toBe('/')
  })
})

describe('base paths', () => {
  it('normalises the base to start and end with a slash', () => {
    expect(normalizeBase('react-native-testing-library')).toBe('/react-native-testing-library/')
    expect(normalizeBase('/')).toBe('/')
  })

  it('strips and adds the base', () => {
    expect(stripBase('/react-native-testing-library/docs/api', '/react-native-testing-library/')).toBe('/docs/api')
    expect(stripBase('/react-native-testing-library', '/react-native-testing-library/')).toBe('/')
    expect(stripBase('/elsewhere', '/react-native-testing-library/')).toBeNull()
    expect(withBase('/docs/api', '/react-native-testing-library/')).toBe('/react-native-testing-library/docs/api')
  })
})

describe('routes and output files', () => {
  it('builds routes from identity, leaving out default language and version', () => {
    expect(toRoute({ slug: '/docs/api' })).toBe('/docs/api')
    expect(toRoute({ slug: '/docs/api', versionPrefix: '12.x' })).toBe('/12.x/docs/api')
    expect(toRoute({ slug: '/', langPrefix: 'zh', versionPrefix: '12.x' })).toBe('/zh/12.x/')
  })

  it('maps content files to slugs', () => {
    expect(toSlug('docs/api/render.md')).toBe('/docs/api/render')
    expect(toSlug('cookbook/index.md')).toBe('/cookbook/')
    expect(toSlug('index.mdx')).toBe('/')
  })

  it('lays out HTML so a static host serves /x and /x.html, and index routes as folders', () => {
    expect(routeToHtmlFile('/docs/api/render')).toBe('docs/api/render.html')
    expect(routeToHtmlFile('/cookbook/')).toBe('cookbook/index.html')
    expect(routeToHtmlFile('/')).toBe('index.html')
    expect(routeToDataFile('/cookbook/')).toBe('_sheaf/data/cookbook.json')
    expect(routeToDataFile('/')).toBe('_sheaf/data/index.json')
  })
})
