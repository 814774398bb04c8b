import { describe, expect, test } from 'vitest'
import { createIndexFile } from '../../../../plugins/search/buildSearchIndexes.ts'
import { groupHits } from '../../../../plugins/search/shared/groupHits.ts'
import type { SearchablePage } from '../../../../plugins/search/shared/pageDocuments.ts'
import { createSearcher, searchPages } from '../../../../plugins/search/shared/searchPages.ts'
import type { SearchHit } from '../../../../plugins/search/shared/types.ts'

const section = (heading: string, text: string, depth = 2) => ({
  anchor: heading.toLowerCase().replace(/\W+/g, '-'),
  heading,
  depth,
  text,
})

const pages: SearchablePage[] = [
  {
    path: '/docs/api/screen',
    title: 'Screen',
    sections: [
      section('Screen', 'The screen object holds every query.', 1),
      section('Why prefer screen', 'It keeps tests short.'),
    ],
  },
  {
    path: '/docs/guides/long',
    title: 'A long guide',
    sections: [
      section(
        'A long guide',
        `${'You can use the screen to find things on the screen, and the screen is nice. '.repeat(12)}`,
        1,
      ),
      section('More', 'screen screen screen screen screen'),
    ],
  },
  {
    path: '/docs/api/queries',
    title: 'Queries',
    sections: [
      section('Queries', 'Queries find host elements.', 1),
      section('getByRole', 'Returns the element with the given role, e.g. getByRole("button").'),
      section('Options', 'Every query takes options.'),
    ],
  },
  {
    path: '/docs/guides/faq',
    title: 'FAQ',
    sections: [
      section('FAQ', 'Questions.', 1),
      section('Roles', 'The role query, called getByRole, is the most useful one. Use getByRole first.'),
    ],
  },
  {
    path: '/docs/api/events/user-event',
    title: 'User Event',
    sections: [
      section('User Event', 'The userEvent API simulates a user.', 1),
      section('type()', 'Types text into an input.'),
    ],
  },
  {
    path: '/docs/i18n/fr',
    title: 'Déjà vu',
    sections: [section('Déjà vu', 'Une page en français: éléments accentués.', 1)],
  },
  { path: '/docs/i18n/ru', title: 'Тестирование', sections: [section('Тестирование', 'Йогурт и тесты.', 1)] },
]

const searcher = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, '13.x', 'en'))))
const topPages = (hits: SearchHit[]) => [...new Set(hits.map((hit) => hit.link.split('#')[0]))]

describe('searchPages ranking', () => {
  test('an exact title match beats a long page mentioning the word many times', () => {
    const hits = searchPages(searcher, 'screen')
    expect(hits[0]).toMatchObject({ type: 'title', link: '/docs/api/screen' })
    expect(topPages(hits)[0]).toBe('/docs/api/screen')
  })

  test('a heading match beats body text', () => {
    const hits = searchPages(searcher, 'getByRole')
    expect(hits[0]).toMatchObject({ type: 'header', link: '/docs/api/queries#getbyrole', header: 'getByRole' })
    expect(hits.find((hit) => hit.link.startsWith('/docs/guides/faq'))?.type).toBe('content')
  })

  test('matches prefixes while typing', () => {
    expect(searchPages(searcher, 'getByR')[0].link).toBe('/docs/api/queries#getbyrole')
    expect(searchPages(searcher, 'quer')[0].link).toBe('/docs/api/queries')
  })

  test('still matches with a small typo', () => {
    expect(searchPages(searcher, 'getByRloe')[0].link).toBe('/docs/api/queries#getbyrole')
    expect(searchPages(searcher, 'screan')[0].link).toBe('/docs/api/screen')
  })

  test('finds camelCase identifiers by their words, and the other way round', () => {
    expect(topPages(searchPages(searcher, 'user event'))[0]).toBe('/docs/api/events/user-event')
    expect(topPages(searchPages(searcher, 'userEvent'))[0]).toBe('/docs/api/events/user-event')
  })

  test('folds accents, but keeps Cyrillic as written', () => {
    expect(searchPages(searcher, 'deja')[0].link).toBe('/docs/i18n/fr')
    expect(searchPages(searcher, 'DÉJÀ')[0].link).toBe('/docs/i18n/fr')
    expect(searchPages(searcher, 'йогурт')[0].link).toBe('/docs/i18n/ru')
    expect(searchPages(searcher, 'тестирование')[0]).toMatchObject({ type: 'title', link: '/docs/i18n/ru' })
  })

  test('an empty query finds nothing', () => {
    expect(searchPages(searcher, '   ')).toEqual([])
  })

  test('hits carry highlight ranges for what they show', () => {
    const [header] = searchPages(searcher, 'getByRole')
    expect(
      header.header.slice(header.highlights[0].start, header.highlights[0].start + header.highlights[0].length),
    ).toBe('getByRole')
    const content = searchPages(searcher, 'getByRole').find((hit) => hit.type === 'content')!
    const marks = content.statementHighlights.map((range) =>
      content.statement.slice(range.start, range.start + range.length),
    )
    expect(marks).toContain('getByRole')
    expect(content.group).toBe(content.title)
    expect(content.query).toBe('getByRole')
  })
})

describe('groupHits', () => {
  test('groups by type in the order title, header, content, keeping rank order', () => {
    const groups = groupHits(searchPages(searcher, 'screen'))
    expect(groups.map((group) => group.type)).toEqual(['title', 'header', 'content'])
    for (const group of groups) {
      expect(group.hits.every((hit) => hit.type === group.type)).toBe(true)
      const scores = group.hits.map((hit) => hit.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
    }
  })

  test('keeps at most `limit` hits per group (7 by default) and drops empty groups', () => {
    const hit = (type: SearchHit['type'], index: number) =>
      ({ id: `${type}${index}`, type, score: 100 - index }) as SearchHit
    const hits = [...Array.from({ length: 10 }, (_, index) => hit('content', index)), hit('title', 0)]
    const groups = groupHits(hits)
    expect(groups.map((group) => [group.type, group.hits.length])).toEqual([
      ['title', 1],
      ['content', 7],
    ])
    expect(groupHits(hits, 3)[1].hits).toHaveLength(3)
    expect(groupHits([])).toEqual([])
  })
})
