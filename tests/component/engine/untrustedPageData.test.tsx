import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { render } from '@testing-library/react'
import type { Root } from 'hast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { findHashTarget } from '../../../engine/client/scrollToHash.ts'
import { HastContent } from '../../../engine/shared/HastContent.tsx'
import {
  findInlinePageData,
  parseInlinePageData,
  serializeInlinePageData,
} from '../../../engine/shared/inlinePageData.ts'
import {
  createClientRawHtmlRegistry,
  createServerRawHtmlRegistry,
  RawHtml,
  RawHtmlContext,
  type RawHtmlRegistry,
} from '../../../engine/shared/RawHtml.tsx'
import { sanitizeRawHtml } from '../../../engine/shared/sanitizeRawHtml.ts'

// Issue 19: page data is data. HTML in it that the server-rendered document does not hold is
// sanitized in the browser, and the page data is read from its <script> only.
const highlighted = (
  `<span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583">const</span><span> a = ` +
  `'&lt;img&gt;'</span></span>`
).repeat(4)
const forged =
  `<img src="x" onerror="window.__pwned = 1"><span class="line" onclick="x()" ` +
  `id="content">const</span><svg><script>window.__pwned = 2</script></svg><a href="javascript:x()">a</a>`

function Block({ html, registry }: { html: string; registry: RawHtmlRegistry }) {
  return (
    <RawHtmlContext.Provider value={registry}>
      <pre>
        <RawHtml as="code" html={html} />
      </pre>
    </RawHtmlContext.Provider>
  )
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('HTML from page data in the browser', () => {
  it('does not trust HTML the document did not hold: no element or handler beyond the highlighter spans survives', () => {
    const { container } = render(<Block html={forged} registry={createClientRawHtmlRegistry()} />)
    const code = container.querySelector('code')!
    expect(code.querySelector('img, svg, script, a, [onclick], [onerror], [id]')).toBeNull()
    expect(code.innerHTML).toBe('<span class="line">const</span>window.__pwned = 2a')
  })

  it('also sanitizes without a registry (a theme rendering RawHtml on its own)', () => {
    const { container } = render(<RawHtml as="code" html={forged} />)
    expect(container.querySelector('img, script')).toBeNull()
  })

  it('keeps the highlighter output byte for byte, so a fetched page renders as the server wrote it', () => {
    expect(sanitizeRawHtml(highlighted)).toBe(highlighted)
    expect(sanitizeRawHtml('<span style="color:red;background:url(https://x.example/a)">x</span>')).toBe(
      '<span>x</span>',
    )
  })

  it('trusts HTML read back from the server-rendered document, and hydrates it without a warning', async () => {
    const server = createServerRawHtmlRegistry()
    const data = { html: highlighted }
    const markup = renderToString(<Block html={data.html} registry={server} />)
    const root = document.createElement('div')
    root.innerHTML = markup
    document.body.append(root)
    const client = createClientRawHtmlRegistry()
    const parsed = parseInlinePageData<typeof data>(serializeInlinePageData(data, server.ids), root, client.ids)
    expect(client.trusts(parsed.html)).toBe(true)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      hydrateRoot(root, <Block html={parsed.html} registry={client} />)
    })
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})

describe('the inline page data element', () => {
  it('is the <script type="application/json">, never a content element that took its id', () => {
    document.body.innerHTML =
      `<div id="__SHEAF_ROOT__"><div id="__SHEAF_DATA__">{"template":"doc","forged":true}</div></div><script ` +
      `id="__SHEAF_DATA__" type="application/json">{"template":"doc"}</script>`
    const element = findInlinePageData(document)
    expect(element?.tagName).toBe('SCRIPT')
    expect(JSON.parse(element!.textContent!)).toEqual({ template: 'doc' })
  })

  it('is missing rather than forged when the document has no such script', () => {
    document.body.innerHTML = `<div id="__SHEAF_DATA__">{}</div><script id="__SHEAF_DATA__">{}</script>`
    expect(findInlinePageData(document)).toBeNull()
  })
})

describe('a page body from page data', () => {
  it('drops properties React would turn into markup or a script document', () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'div',
          properties: { dangerouslySetInnerHTML: { __html: '<img src=x id=injected>' }, className: ['kept'] },
          children: [],
        },
        {
          type: 'element',
          tagName: 'iframe',
          properties: { srcDoc: '<script>parent.__pwned = 3</script>' },
          children: [],
        },
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'text' }] },
      ],
    } as unknown as Root
    const { container } = render(<HastContent tree={tree} />)
    expect(container.querySelector('#injected')).toBeNull()
    expect(container.querySelector('iframe')?.hasAttribute('srcdoc')).toBe(false)
    expect(container.querySelector('.kept')).not.toBeNull()
    expect(container.textContent).toBe('text')
  })
})

describe('hash targets', () => {
  it('lands `#x` on the element, else on the content `user-content-x` (id or a[name])', () => {
    document.body.innerHTML =
      `<h2 id="options">Options</h2><div id="user-content-options">raw</div><p id="user-content-setup">s</p><a ` +
      `name="user-content-old">o</a>`
    expect(findHashTarget('#options')?.tagName).toBe('H2')
    expect(findHashTarget('#setup')?.id).toBe('user-content-setup')
    expect(findHashTarget('#user-content-setup')?.id).toBe('user-content-setup')
    expect(findHashTarget('#old')?.getAttribute('name')).toBe('user-content-old')
    expect(findHashTarget('#setup', { userContent: false })).toBeNull()
    expect(findHashTarget('#missing')).toBeNull()
  })
})
