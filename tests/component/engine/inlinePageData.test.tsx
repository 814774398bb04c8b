import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { escapeForScript, parseInlinePageData, serializeInlinePageData } from '../../../engine/shared/inlinePageData.ts'
import {
  createClientRawHtmlRegistry,
  createServerRawHtmlRegistry,
  RawHtml,
  RawHtmlContext,
  type RawHtmlRegistry,
} from '../../../engine/shared/RawHtml.tsx'

// As a highlighter writes it: markup in the code itself is escaped.
const code = `<span class="line"><span style="color:#D73A49">const</span> a = '&lt;/script&gt;&lt;!-- x'</span>`.repeat(
  5,
)
const data = { title: 'Queries', blocks: [{ html: code }, { html: code }], short: '<b>kept</b>' }

function Page({ value, registry }: { value: typeof data; registry: RawHtmlRegistry }) {
  return (
    <RawHtmlContext.Provider value={registry}>
      <h1>{value.title}</h1>
      {value.blocks.map((block, index) => (
        <pre key={index}>
          <RawHtml as="code" html={block.html} />
        </pre>
      ))}
      <RawHtml as="span" html={value.short} />
    </RawHtmlContext.Provider>
  )
}

describe('inline page data', () => {
  it('references HTML the document already holds, and the client reads it back and hydrates without a warning', async () => {
    const server = createServerRawHtmlRegistry()
    const html = renderToString(<Page value={data} registry={server} />)
    const json = serializeInlinePageData(data, server.ids)
    // The long HTML is written once in the document, and only referenced in the data.
    expect(json).not.toContain('color:#D73A49')
    expect(json).toContain('"$sheafRaw":"0"')
    // A short string is cheaper to repeat than to reference.
    expect(json).toContain('kept')
    expect(json).not.toMatch(/<\/script|<!--/i)

    const root = document.createElement('div')
    root.innerHTML = html
    document.body.append(root)
    const client = createClientRawHtmlRegistry()
    const parsed = parseInlinePageData<typeof data>(json, root, client.ids)
    expect(parsed.title).toBe('Queries')
    expect(parsed.blocks[0].html).toContain('const')
    expect(parsed.blocks[1].html).toBe(parsed.blocks[0].html)

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const recoverable: unknown[] = []
    await act(async () => {
      hydrateRoot(root, <Page value={parsed} registry={client} />, {
        onRecoverableError: (error) => recoverable.push(error),
      })
    })
    expect(recoverable).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    expect(root.querySelectorAll('code[data-sheaf-raw="0"]')).toHaveLength(2)
    root.remove()
  })

  it('fails with a clear message when the referenced element is missing', () => {
    const empty = document.createElement('div')
    expect(() => parseInlinePageData('{"a":{"$sheafRaw":"7"}}', empty, new Map())).toThrow(
      /HTML #7 that the document does not hold/,
    )
  })

  it('escapes every angle bracket, so the data never holds anything that looks like markup', () => {
    const value = { a: '</script><!--<Script>a<b && c>d' }
    const escaped = escapeForScript(JSON.stringify(value))
    expect(escaped).not.toMatch(/[<>]/)
    expect(JSON.parse(escaped)).toEqual(value)
  })
})
