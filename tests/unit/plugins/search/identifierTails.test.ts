import { describe, expect, test } from 'vitest'
import { identifierTails } from '../../../../plugins/search/shared/identifierTails.ts'
import { queryFuzziness } from '../../../../plugins/search/shared/searchIndexOptions.ts'

describe('identifierTails', () => {
  test('a camelCase query word asks for its tails of two parts or more', () => {
    expect([...identifierTails('getByRole', queryFuzziness).keys()]).toEqual(['byrole'])
    expect([...identifierTails('queryAllByText', queryFuzziness).keys()]).toEqual(['allbytext', 'bytext'])
  })

  test('plain words and two-part identifiers have no tails', () => {
    expect(identifierTails('render screen', queryFuzziness).size).toBe(0)
    expect(identifierTails('userEvent', queryFuzziness).size).toBe(0)
  })

  test('a tail keeps the typo budget of the whole word, at most a third of its length', () => {
    // 'getByRloe' (9 characters) may take two edits; its tail 'byrloe' (6) keeps both: 'byrole' is two edits away.
    expect(identifierTails('getByRloe', queryFuzziness).get('byrloe')).toBe(2)
    // 'getByRol' (8) may take two; its tail 'byrol' (5) only one.
    expect(identifierTails('getByRol', queryFuzziness).get('byrol')).toBe(1)
  })
})
