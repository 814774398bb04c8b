import { describe, expect, test } from 'vitest'
import { createIndexFile } from '../../../../plugins/search/buildSearchIndexes.ts'
import type { SearchablePage } from '../../../../plugins/search/shared/pageDocuments.ts'
import { createSearcher, searchPages } from '../../../../plugins/search/shared/searchPages.ts'

const section = (heading: string, text: string, depth = 2) => ({
  anchor: heading.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, ''),
  heading,
  depth,
  text,
})

/** A reference that names the query family `*ByRole`, and guides that say getByRole in longer headings and text. */
const pages: SearchablePage[] = [
  {
    path: '/docs/api/queries',
    title: 'Queries',
    sections: [
      section('Queries', 'Every query comes in six variants.', 1),
      section('*ByRole', 'Matches elements by their role.'),
      section('*ByText', 'Matches elements by their text.'),
    ],
  },
  {
    path: '/docs/api/accessibility',
    title: 'Accessibility',
    sections: [
      section('Accessibility', 'Helpers.', 1),
      section(
        '*ByRole needs accessibility elements',
        'Only accessibility elements are found by getByRole, so getByRole misses a plain View.',
      ),
    ],
  },
  {
    path: '/docs/guides/faq',
    title: 'FAQ',
    sections: [
      section('FAQ', 'Questions.', 1),
      section("Why doesn't getByRole('button') find my button", 'Because getByRole needs an accessible role.'),
    ],
  },
]
const searcher = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, '12.x', 'en'))))

const links = (query: string) => searchPages(searcher, query).map((hit) => hit.link)

describe('API names', () => {
  test('"getByRole" finds the heading that names its family (`*ByRole`), above a longer heading that says it too', () => {
    const found = links('getByRole')
    expect(found).toContain('/docs/api/queries#byrole')
    expect(found.indexOf('/docs/api/queries#byrole')).toBeLessThan(
      found.indexOf('/docs/api/accessibility#byrole-needs-accessibility-elements'),
    )
  })

  test('so does a typo, and the longer names of the family', () => {
    const typo = links('getByRloe')
    expect(typo.indexOf('/docs/api/queries#byrole')).toBeGreaterThanOrEqual(0)
    expect(typo.indexOf('/docs/api/queries#byrole')).toBeLessThan(
      typo.indexOf('/docs/api/accessibility#byrole-needs-accessibility-elements'),
    )
    expect(links('findAllByText')[0]).toBe('/docs/api/queries#bytext')
  })

  test('the heading is a section hit, with its name marked', () => {
    const hit = searchPages(searcher, 'getByRole').find((entry) => entry.link === '/docs/api/queries#byrole')!
    expect(hit.type).toBe('header')
    expect(hit.header.slice(hit.highlights[0].start, hit.highlights[0].start + hit.highlights[0].length)).toBe('ByRole')
  })
})
