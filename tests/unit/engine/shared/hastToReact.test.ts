import type { Element, Nodes, Root } from 'hast'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { find, hastToReact as hastToReactNames, html, svg } from 'property-information'
import { isValidElement, type ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { describe, expect, it } from 'vitest'
import { hastToReact, reactName } from '../../../../engine/shared/hastToReact.ts'
import { loadContentResults } from '../../plugins/search/contentPages.ts'

/** A React tree as plain data: type (a tag or a component's name), key and props, all the way down. */
function plain(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plain)
  if (!isValidElement(node)) return node
  const type =
    node.type === Fragment
      ? '#fragment'
      : typeof node.type === 'string'
        ? node.type
        : (node.type as { name: string }).name
  const props = Object.fromEntries(
    Object.entries(node.props as Record<string, unknown>).map(([name, value]) => [
      name,
      name === 'children' ? plain(value) : value,
    ]),
  )
  return { type, key: node.key, props }
}

function Note(props: { children?: ReactNode }) {
  return props.children
}

const options = { Fragment, jsx, jsxs, components: { 'code-block': Note, Note }, ignoreInvalidStyle: true } as const
const reference = (tree: Nodes) => plain(toJsxRuntime(tree, options))
const lean = (tree: Nodes) => plain(hastToReact(tree, options))

const el = (tagName: string, properties: Element['properties'], children: Element['children'] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
})
const text = (value: string) => ({ type: 'text' as const, value })

describe('hastToReact: the React names of hast properties', () => {
  // The reference: what hast-util-to-jsx-runtime computes from the schemas (react attribute case).
  const expected = (name: string, schema: typeof html) => {
    const info = find(schema, name)
    return info.space ? (hastToReactNames as Record<string, string>)[info.property] || info.property : info.attribute
  }

  it('matches property-information for every property of the HTML schema (aria included)', () => {
    const wrong = Object.keys(html.property).filter((name) => reactName(name, false) !== expected(name, html))
    expect(wrong).toEqual([])
  })

  it('matches property-information for every property of the SVG schema', () => {
    const wrong = Object.keys(svg.property).filter((name) => reactName(name, true) !== expected(name, svg))
    expect(wrong).toEqual([])
  })

  it('turns data properties into their attributes as find() does', () => {
    for (const name of [
      'dataLineNumbers',
      'dataA',
      'data-kept',
      'dataSheafProps',
      'dataX1',
      'data_under',
      'data',
      'dataType',
    ]) {
      expect([name, reactName(name, false)]).toEqual([name, expected(name, html)])
    }
  })
})

describe('hastToReact: the same React tree as toJsxRuntime', () => {
  const cases: Record<string, Root> = {
    'text, nested elements and repeated tags keyed by count': {
      type: 'root',
      children: [
        el('p', { className: ['a', 'b'], id: 'x' }, [
          text('one '),
          el('code', {}, [text('two')]),
          el('code', {}, [text('three')]),
        ]),
        text('\n'),
        el('hr', {}),
      ],
    },
    'a single child and an empty root': { type: 'root', children: [el('p', {}, [text('only')])] },
    'tables lose whitespace text; a cell align becomes textAlign': {
      type: 'root',
      children: [
        el('table', {}, [
          text('\n'),
          el('tbody', {}, [
            text(' '),
            el('tr', {}, [
              text('\n'),
              el('td', { align: 'right' }, [text(' 1 ')]),
              el('th', { align: 'center', style: 'color: red' }, []),
            ]),
          ]),
        ]),
      ],
    },
    'svg names, comma lists and aria': {
      type: 'root',
      children: [
        el(
          'svg',
          { viewBox: '0 0 24 24', ariaHidden: 'true', focusable: 'false', xmlnsXLink: 'http://www.w3.org/1999/xlink' },
          [
            el('path', { d: 'M0 0', strokeLineCap: 'round', strokeWidth: '2', fill: 'none' }),
            el('use', { xLinkHref: '#a', g1: ['a', 'b'] }),
          ],
        ),
        el('input', { type: 'checkbox', checked: true, disabled: true, accept: ['.png', '.jpg'] }),
        el('td', { ariaDescribedBy: ['user-content-a', 'user-content-b'], role: 'cell', tabIndex: -1, hidden: false }),
      ],
    },
    'components by tag name, with data properties': {
      type: 'root',
      children: [
        el('code-block', { dataLang: 'tsx', dataSheafProps: '{"a":1}' }, [text('x')]),
        el('Note', { type: 'tip' }, [el('p', {}, [text('y')])]),
      ],
    },
    'null, undefined and NaN properties are left out; comments render nothing': {
      type: 'root',
      children: [
        el('a', { href: '/x', title: null as unknown as string, rel: undefined, colSpan: Number.NaN }, [text('link')]),
        { type: 'comment', value: 'c' },
      ],
    },
    'style strings become objects with DOM names': {
      type: 'root',
      children: [el('div', { style: 'Font-Size: 12px; --gap: 4px; -ms-transform: none; margin-top:1em;;bad' })],
    },
  }
  for (const [name, tree] of Object.entries(cases)) {
    it(name, () => {
      expect(lean(tree)).toEqual(reference(tree))
    })
  }

  it('a text root and a lone element root', () => {
    expect(lean(text('plain') as unknown as Root)).toEqual(reference(text('plain') as unknown as Root))
    expect(lean(el('p', {}, [text('p')]) as unknown as Root)).toEqual(
      reference(el('p', {}, [text('p')]) as unknown as Root),
    )
  })

  // Every page body of this site's content, both versions, as the build makes them.
  it('every page body of the content', async () => {
    let trees = 0
    for (const version of ['12.x', '13.x']) {
      for (const { relativePath, result } of await loadContentResults(version)) {
        trees++
        expect(lean(result.body), `${version}/${relativePath}`).toEqual(reference(result.body))
      }
    }
    expect(trees).toBeGreaterThan(60)
  }, 120_000)
})
