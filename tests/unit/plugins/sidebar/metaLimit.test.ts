import { describe, expect, it } from 'vitest'
import { formatError } from '../../../../engine/errors.ts'
import { maxMetaEntries, parseMeta } from '../../../../plugins/sidebar/parseMeta.ts'

// Issue 38: a 2.1 MB `_meta.json` of dividers made 900 MB of output. A `_meta.json` lists at most
// maxMetaEntries items; one more is a located error at the first item past the limit.

const meta = (items: string[]) => ({
  relativePath: 'docs/_meta.json',
  sourcePath: 'content/docs/_meta.json',
  content: `[\n${items.map((item) => `  ${item}`).join(',\n')}\n]\n`,
})
const failure = (items: string[]) => {
  try {
    parseMeta(meta(items))
    return 'ok'
  } catch (error) {
    return formatError(error)
  }
}

describe('the items of one _meta.json', () => {
  it('are refused past the limit, at the first item over it, with a fix', () => {
    const dividers = Array.from({ length: 70_000 }, () => '{ "type": "divider" }')
    expect(failure(dividers)).toMatch(
      new RegExp(
        `^content/docs/_meta\\.json:${maxMetaEntries + 2}:3\\n {2}\`_meta\\.json\` lists 70000 items, ` +
          `more than the ${maxMetaEntries} a sidebar folder may have\\.\\n {2}Fix: ` +
          `split the folder into sub-folders`,
      ),
    )
  })

  it('are taken up to the limit', () => {
    expect(parseMeta(meta(Array.from({ length: maxMetaEntries }, (_, index) => `"page-${index}"`)))).toHaveLength(
      maxMetaEntries,
    )
  })
})
