import { describe, expect, it } from 'vitest'
import {
  causeOf,
  contentToChangeSection,
  groupByCause,
  mergeChecks,
} from '../../../../engine/migrate/contentToChange.ts'

describe("MIGRATION.md's Content to change", () => {
  it('names the cause of a build error from its message', () => {
    expect(causeOf('Unknown component `<Carousel>`. Known components: Tabs.')).toBe(
      "Components that are not the theme's",
    )
    expect(causeOf('Unknown component import `Foo`. Known components: Tabs.')).toBe(
      'MDX imports Sheaf does not resolve',
    )
    expect(causeOf('An MDX expression `{1+1}` is not allowed')).toBe('MDX expressions')
    expect(causeOf('Dead link `./gone.md`: no page at that path')).toBe('Dead links')
    expect(causeOf('The prop `groupId={x}` of `<Tabs>` is not a literal.')).toBe(
      "Props the theme's components do not take",
    )
    expect(causeOf('Something new')).toBe('Other')
  })

  it('groups by cause, sorts each group by file then line number, and lists a place once', () => {
    const groups = groupByCause([
      { where: 'docs/b.mdx:10:1', problem: 'x', cause: 'Dead links' },
      { where: 'docs/b.mdx:9:1', problem: 'y', cause: 'Dead links' },
      { where: 'docs/a.mdx:3:1', problem: 'z', cause: 'MDX expressions' },
      { where: 'docs/b.mdx:9:1', problem: 'y', cause: 'Dead links' },
    ])
    expect([...groups.keys()]).toEqual(['Dead links', 'MDX expressions'])
    expect(groups.get('Dead links')?.map((issue) => issue.where)).toEqual(['docs/b.mdx:9:1', 'docs/b.mdx:10:1'])
  })

  it("keeps the build's word for a place the scan found too", () => {
    const merged = mergeChecks(
      [
        { where: 'docs/a.mdx:3', problem: 'imports from `x`', cause: 'MDX imports Sheaf does not resolve' },
        { where: 'docs/b.md:4', problem: 'the image `./a.png` is a relative path', cause: 'Images by relative path' },
      ],
      [
        {
          where: 'docs/a.mdx:3:1',
          problem: 'Unknown component import `X`.',
          cause: 'MDX imports Sheaf does not resolve',
        },
      ],
    )
    expect(merged.map((issue) => issue.problem)).toEqual([
      'Unknown component import `X`.',
      'the image `./a.png` is a relative path',
    ])
  })

  it('writes a heading per cause and counts files, or nothing when there is nothing to change', () => {
    const text = contentToChangeSection(
      [
        { where: 'docs/a.md:3:5', problem: 'Dead link `./gone.md`', cause: 'Dead links' },
        { where: 'docs/a.md:7:5', problem: 'Dead link `./old.md`', cause: 'Dead links' },
        {
          where: 'docs/b.mdx:3:1',
          problem: 'Unknown component `<Carousel>`',
          cause: "Components that are not the theme's",
        },
      ],
      'a build found them',
    )
    expect(text).toMatch(
      /^## Content to change\n\nSheaf will not build these 2 files as they are \(a build found them\)/,
    )
    expect(text).toContain(
      '### Dead links\n\n- `docs/a.md:3:5`: Dead link `./gone.md`\n- `docs/a.md:7:5`: Dead link `./old.md`\n\n' +
        "### Components that are not the theme's\n\n- `docs/b.mdx:3:1`",
    )
    expect(contentToChangeSection([], 'x')).toBe('')
  })
})
