import type { PagesApi, SheafNode } from '../../../engine/index.ts'

/** A createPages api over these pages (their routes), as the engine gives it. */
export function pagesApi(
  paths: string[],
  graphql: PagesApi['graphql'] = async () => ({}) as never,
  warnings: string[] = [],
): PagesApi {
  const pages = paths.map(
    (path, index) =>
      ({
        id: `page-${index}`,
        type: 'Page',
        path,
        pageType: 'doc',
        sourcePath: `content${path}.md`,
      }) as unknown as SheafNode,
  )
  return {
    site: { root: '/site', base: '/', mode: 'build', concurrency: 1 },
    reporter: { info: () => undefined, warn: (message) => void warnings.push(message), error: () => undefined },
    graphql,
    getNodesByType: (type) => (type === 'Page' ? pages : []),
    reuse: (_name, compute) => compute(graphql),
    createPage: () => undefined,
    templates: ['doc'],
  }
}
