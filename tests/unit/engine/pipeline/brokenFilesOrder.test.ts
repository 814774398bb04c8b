import { describe, expect, it } from 'vitest'
import { SheafError } from '../../../../engine/errors.ts'
import { deadLinkError, sortedByPlace } from '../../../../engine/pipeline/brokenFiles.ts'

// The dev overlay shows the first broken file: a page that failed to transform must lead, not the
// dead links its missing page caused in other files (a broken `guide.md` makes `api.md`'s link to it dead).
describe('broken files, in the order a reader fixes them', () => {
  it('puts a file that made no page before the dead links, whatever their paths', () => {
    const dead = deadLinkError({
      href: './guide.md#install',
      reason: 'no page at that path',
      file: 'content/docs/api.md',
      line: 7,
      column: 13,
    } as Parameters<typeof deadLinkError>[0])
    const cause = new SheafError('The front-matter is not valid YAML.', {
      file: 'content/docs/guide.md',
      line: 2,
      column: 8,
    })
    const later = new SheafError('Another file.', { file: 'content/docs/zz.md', line: 1, column: 1 })
    expect(sortedByPlace([dead, later, cause]).map((error) => error.file)).toEqual([
      'content/docs/guide.md',
      'content/docs/zz.md',
      'content/docs/api.md',
    ])
  })
})
