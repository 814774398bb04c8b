import { SheafError } from '../errors.ts'

/** Where a front-matter value is written: its 1-based line in the page, when known. */
export type LineOfField = (path: readonly (string | number)[]) => number | undefined

type Check = { expected: string; example: string; test: (value: unknown) => boolean }

const text: Check = { expected: 'a string', example: '"Get started"', test: (value) => typeof value === 'string' }
const link: Check = {
  expected: 'a string (a route or a URL)',
  example: '/guide/introduction',
  test: (value) => typeof value === 'string' && value.trim() !== '',
}
const textOrList: Check = {
  expected: 'a string or a list of strings',
  example: '"image.png 2x"',
  test: (value) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string')),
}

/**
 * Checks a home page's `hero` (the Rspress convention the engine already reads the name of):
 * its texts are strings, each action has a string `text` and `link`, the image a string `src`.
 * A theme reads these as strings, and a hero action whose `link` was a number crashed the render
 * with "href.startsWith is not a function", naming no line. Each wrong field is now an error at
 * its line. Fields a theme adds beside these are left to the theme.
 */
export function assertHeroFrontmatter(data: Record<string, unknown>, file: string, lineOf: LineOfField): void {
  if (data.pageType !== 'home' || data.hero === undefined || data.hero === null) return
  const fail = (path: (string | number)[], check: Check, value: unknown): never => {
    const name = path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
      .join('')
      .slice(1)
    throw new SheafError(`The front-matter field \`${name}\` must be ${check.expected}, got ${describe(value)}.`, {
      file,
      line: lineOf(path) ?? lineOf(path.slice(0, 1)) ?? 1,
      column: 1,
      hint: `write e.g. \`${String(path[path.length - 1])}: ${check.example}\`.`,
    })
  }
  const expect = (path: (string | number)[], value: unknown, check: Check, required = false) => {
    if (value === undefined || value === null) {
      if (required) fail(path, check, value)
      return
    }
    if (!check.test(value)) fail(path, check, value)
  }
  const hero = data.hero
  if (!isRecord(hero))
    return fail(
      ['hero'],
      {
        expected: 'a mapping of fields (name, text, tagline, image, actions)',
        example: '{ name: "My docs" }',
        test: isRecord,
      },
      hero,
    )
  for (const field of ['name', 'text', 'tagline']) expect(['hero', field], hero[field], text)
  if (hero.image !== undefined && hero.image !== null && typeof hero.image !== 'string') {
    if (!isRecord(hero.image))
      fail(
        ['hero', 'image'],
        { expected: 'a mapping with `src` (and `alt`)', example: '{ src: /logo.svg, alt: Logo }', test: isRecord },
        hero.image,
      )
    const image = hero.image as Record<string, unknown>
    expect(['hero', 'image', 'src'], image.src, link, true)
    expect(['hero', 'image', 'alt'], image.alt, text)
    expect(['hero', 'image', 'srcset'], image.srcset, textOrList)
    expect(['hero', 'image', 'sizes'], image.sizes, textOrList)
  }
  if (hero.actions === undefined || hero.actions === null) return
  if (!Array.isArray(hero.actions))
    return fail(
      ['hero', 'actions'],
      { expected: 'a list of actions', example: '[{ text: Start, link: /guide/ }]', test: Array.isArray },
      hero.actions,
    )
  hero.actions.forEach((action: unknown, index: number) => {
    if (!isRecord(action))
      return fail(
        ['hero', 'actions', index],
        { expected: 'a mapping with `text` and `link`', example: '{ text: Start, link: /guide/ }', test: isRecord },
        action,
      )
    expect(['hero', 'actions', index, 'text'], action.text, text, true)
    expect(['hero', 'actions', index, 'link'], action.link, link, true)
    expect(['hero', 'actions', index, 'theme'], action.theme, { ...text, example: 'brand' })
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === undefined || value === null) return 'nothing'
  const json = JSON.stringify(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}
