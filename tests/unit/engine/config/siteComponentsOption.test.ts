import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { validateConfig } from '../../../../engine/config/validateConfig.ts'
import { openProps } from '../../../../engine/config/siteComponentsOption.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-site-components-'))
fs.mkdirSync(path.join(root, 'site/components'), { recursive: true })
fs.writeFileSync(path.join(root, 'site/components/Card.tsx'), 'export default function Card() { return null }\n')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
const configFile = path.join(root, 'site/config.ts')
const minimal = {
  title: 'Docs',
  theme: { templates: { doc: 'site/theme/Doc.tsx' }, components: { Card: { title: { type: 'string' } } } },
}

function problem(components: unknown): { message: string; hint?: string; file?: string } {
  try {
    validateConfig({ ...minimal, components }, root, configFile)
  } catch (error) {
    return error as { message: string; hint?: string; file?: string }
  }
  throw new Error('validateConfig accepted it')
}

describe("the config's `components` (the site's own MDX components)", () => {
  it("resolves each module from the site root, beside the theme's components, under its own tag", () => {
    const config = validateConfig(
      {
        ...minimal,
        components: {
          Card: { module: 'site/components/Card.tsx' },
          Note: {
            module: 'site/components/Card.tsx',
            export: 'Note',
            props: { level: { type: 'number', required: true } },
          },
        },
      },
      root,
      configFile,
    )
    expect(config.theme.siteComponents).toEqual({
      Card: { file: path.join(root, 'site/components/Card.tsx'), export: 'default' },
      Note: { file: path.join(root, 'site/components/Card.tsx'), export: 'Note' },
    })
    expect(config.markdown.components).toEqual({
      Card: { title: { type: 'string' } },
      'site:Card': openProps,
      'site:Note': { level: { type: 'number', required: true } },
    })
  })

  it('adds nothing to a site that registers none', () => {
    const config = validateConfig(minimal, root, configFile)
    expect(config.theme.siteComponents).toBeUndefined()
    expect(Object.keys(config.markdown.components)).toEqual(['Card'])
  })

  it('names the field, the problem and the fix', () => {
    expect(problem([])).toMatchObject({
      message: expect.stringContaining('`components` must be an object of component name'),
      file: 'site/config.ts',
    })
    expect(problem({ card: { module: 'site/components/Card.tsx' } }).message).toContain(
      '`components["card"]` must be named like a React component',
    )
    expect(problem({ Card: { module: 'site/components/Gone.tsx' } })).toMatchObject({
      message: expect.stringContaining(
        '`components.Card.module` names `site/components/Gone.tsx`, which is not a file',
      ),
    })
    expect(problem({ Card: { module: 'site/components/Card.tsx', export: 'not-a-name' } }).message).toContain(
      '`components.Card.export` must be the name of an export',
    )
    expect(
      problem({ Card: { module: 'site/components/Card.tsx', props: { title: { type: 'text' } } } }).message,
    ).toContain('`components.Card.props.title.type` must be one of')
    expect(problem({ Card: { module: 'site/components/Card.tsx', path: 'x' } }).message).toContain(
      '`components.Card.path` is not a known option',
    )
  })
})
