import { describe, expect, it } from 'vitest'
import { redirects } from '../../../../plugins/redirects/index.ts'
import { pagesApi } from '../pagesApi.ts'

async function createPagesError(map: Record<string, string>, paths: string[]): Promise<unknown> {
  try {
    await redirects({ redirects: map }).createPages?.(pagesApi(paths))
  } catch (error) {
    return error
  }
  return null
}

describe("redirects checked against the site's pages", () => {
  it('accepts a redirect to a page (with a fragment) or to another redirect that ends on one', async () => {
    expect(await createPagesError({ '/old': '/docs/new#part', '/older': '/old' }, ['/docs/new'])).toBeNull()
  })

  it('refuses a redirect that would hide a page, one to no page, and a loop', async () => {
    expect(String(await createPagesError({ '/docs/new': '/docs/other' }, ['/docs/new', '/docs/other']))).toMatch(
      /would hide the page at that route/,
    )
    expect(String(await createPagesError({ '/old': '/docs/gone' }, ['/docs/new']))).toMatch(
      /goes to `\/docs\/gone`, which is not a page/,
    )
    expect(String(await createPagesError({ '/a': '/b', '/b': '/a' }, ['/docs/new']))).toMatch(
      /The redirects loop: \/a -> \/b -> \/a/,
    )
  })
})
