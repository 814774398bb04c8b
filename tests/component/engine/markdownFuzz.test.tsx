import fc from 'fast-check'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../site/theme/markdown/componentProps.ts'
import { isSheafError } from '../../../engine/errors.ts'
import { createCodeHighlighter } from '../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../engine/markdown/processor.ts'
import { HastContent } from '../../../engine/shared/HastContent.tsx'

let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter(
    { light: 'github-light', dark: 'github-dark' },
    { regexEngine: 'javascript' },
  )
  processor = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
}, 60_000)

// Pieces that exercise every part of the pipeline, joined at random.
const pieces = [
  '# Title',
  '## Section',
  '### Sub `code`',
  'plain text',
  '*em* **strong** ~~del~~',
  '[link](./a.md#x)',
  '<kbd>K</kbd>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '- item\n- item',
  '1. one\n2. two',
  '> quote',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '```ts title="a.ts" {1}\nconst a = 1\n```',
  '```\nunclosed',
  ':::tip Title\nbody\n:::',
  ':::details[More]\nx\n:::',
  ':::',
  'key:value',
  '<details><summary>s</summary>d</details>',
  '<Tabs groupId="g">',
  '</Tabs>',
  '<Tab label="L">',
  '</Tab>',
  '<PackageManagerTabs command="install x" />',
  '<Unknown />',
  '{1 + 1}',
  '{/* note */}',
  "import { Tabs } from 'x'",
  '---',
  '\\',
  '<',
  '{',
  '}',
  '&amp;',
  '\u0000',
  '🙂 emoji',
  'CJK 中文 テスト 한국어',
]
const document = fc
  .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 12 })), { maxLength: 12 })
  .map((parts) => parts.join('\n\n'))

describe('markdown and MDX fuzzing', () => {
  it('renders or fails with a located SheafError, and server and client render the same', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.boolean(), async (source, mdx) => {
        let result
        try {
          result = await processor.process({ source, file: mdx ? 'fuzz.mdx' : 'fuzz.md', mdx })
        } catch (error) {
          expect(isSheafError(error), String(error)).toBe(true)
          expect((error as { file?: string }).file).toMatch(/^fuzz\.mdx?$/)
          return
        }
        const tree = JSON.parse(JSON.stringify(result.body))
        const app = (
          <HastContent
            tree={tree}
            components={{
              'code-block': ({ html }: { html: string }) => <pre dangerouslySetInnerHTML={{ __html: html }} />,
            }}
          />
        )
        const html = renderToString(app)
        const container = window.document.createElement('div')
        container.innerHTML = html
        // Hostile markup may appear as text (escaped), never as elements or attributes.
        expect(container.querySelectorAll('script, style, iframe')).toHaveLength(0)
        for (const element of container.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            expect(attribute.name).not.toMatch(/^on/i)
            expect(attribute.value).not.toMatch(/^\s*javascript:/i)
          }
        }
        const problems: unknown[] = []
        await act(async () => {
          hydrateRoot(container, app, { onRecoverableError: (error) => problems.push(error) })
        })
        expect(problems).toEqual([])
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    )
  }, 120_000)
})
