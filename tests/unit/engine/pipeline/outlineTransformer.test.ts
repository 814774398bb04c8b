import { describe, expect, it } from 'vitest'
import { parseFrontmatter } from '../../../../engine/markdown/frontmatter.ts'
import { outlineTitle, simpleFrontmatter } from '../../../../engine/pipeline/outlineTransformer.ts'

describe('simpleFrontmatter', () => {
  it('reads quoted and plain string fields as the YAML parser does', () => {
    const sources = [
      '---\ntitle: "Shared section overview 1"\ndescription: "Were editor style \\"quickly\\" returns."\n---\n\n# X\n',
      "---\ntitle: 'It''s here'\npageType: doc\n---\n",
      '---\ntitle: Plain words, with a comma and (parens)\n---\n',
      'No front-matter at all.\n',
      '',
    ]
    for (const source of sources) expect(simpleFrontmatter(source)).toEqual(parseFrontmatter(source, 'x.md').data)
  })

  it('leaves anything else to the YAML parser', () => {
    for (const source of [
      '---\ntitle: true\n---\n',
      '---\ntitle: 42\n---\n',
      '---\ntitle: a: b\n---\n',
      '---\ntitle: x # comment\n---\n',
      '---\nhero:\n  name: Sheaf\n---\n',
      '---\ntags: [a, b]\n---\n',
      '---\ntitle: A\ntitle: B\n---\n',
      '---\n__proto__: x\n---\n',
      '---\ntitle: "bad \\x escape"\n---\n',
      '---\ntitle: "a tab\there"\n---\n',
    ]) {
      expect(simpleFrontmatter(source)).toBeNull()
    }
  })
})

describe('outlineTitle', () => {
  it('takes the front-matter title, else the first # heading outside code, else the hero, else the file name', () => {
    expect(outlineTitle('# Heading\n', { title: '  Given ' }, 'a.md')).toBe('Given')
    expect(outlineTitle('```md\n# Not this\n```\n\n# The *quick* `start` [guide](./x.md) {#start}\n', {}, 'a.md')).toBe(
      'The quick start guide',
    )
    expect(outlineTitle('Text only.\n', { pageType: 'home', hero: { name: '<span>Sheaf</span>' } }, 'index.md')).toBe(
      'Sheaf',
    )
    expect(outlineTitle('## Only a second level\n', {}, 'docs/render-hook.md')).toBe('Render hook')
  })
})
