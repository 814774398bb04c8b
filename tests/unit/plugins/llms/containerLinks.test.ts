import { describe, expect, it } from 'vitest'
import { convertTwins, type TwinBatch } from '../../../../plugins/llms/convertTwins.ts'
import type { TwinCache } from '../../../../plugins/llms/twinCache.ts'

/** No cache: every twin is converted. */
const noCache = { get: (_key: unknown, compute: () => string) => compute() } as unknown as TwinCache

const source = `# Render

See [screen](./screen.md) and [the API](/docs/api).

:::tip Links in a container
Read [screen](./screen.md#queries) or [the API](/docs/api).

:::note Nested
Also [screen](./screen.md).
:::
:::
`

function batch(siteUrl: string): TwinBatch {
  return {
    jobs: [
      { path: '/docs/api/render', title: 'Render', sourcePath: '13.x/docs/api/render.md', source, versionPrefix: '' },
    ],
    routeOfSource: [
      ['docs/api/render.md', '/docs/api/render'],
      ['docs/api/screen.md', '/docs/api/screen'],
      ['docs/api/index.md', '/docs/api'],
    ],
    routes: ['/docs/api/render', '/docs/api/screen', '/docs/api'],
    siteUrl,
    base: '/react-native-testing-library/',
  }
}

const twinOf = async (siteUrl: string) => (await convertTwins(batch(siteUrl), noCache))[0][1]

describe('llms twins: links inside ::: containers', () => {
  it('get the base path once when the config has no url', async () => {
    const twin = await twinOf('')
    expect(twin).not.toContain('/react-native-testing-library/react-native-testing-library/')
    expect(twin).toContain(
      '> Read [screen](/react-native-testing-library/docs/api/screen#queries) ' +
        'or [the API](/react-native-testing-library/docs/api).',
    )
    expect(twin).toContain('> > Also [screen](/react-native-testing-library/docs/api/screen).')
    expect(twin).toContain(
      'See [screen](/react-native-testing-library/docs/api/screen) ' +
        'and [the API](/react-native-testing-library/docs/api).',
    )
  })

  it('are absolute with the site url', async () => {
    const twin = await twinOf('https://example.org')
    expect(twin).toContain('> Read [screen](https://example.org/react-native-testing-library/docs/api/screen#queries)')
    expect(twin).toContain('> > Also [screen](https://example.org/react-native-testing-library/docs/api/screen).')
  })
})
