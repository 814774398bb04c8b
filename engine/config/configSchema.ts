import * as v from 'valibot'
import { markdown } from './markdownSchema.ts'
import { got, isPlainObject, objectSays, says } from './schemaMessages.ts'
import { theme } from './themeSchema.ts'

/**
 * The config's shape as a valibot schema: each field's check, default, problem and fix in one
 * place (how a message is made: schemaMessages.ts; `theme` and `markdown` have modules of their
 * own). Objects are loose (a key the engine does not read is left alone, as before); `csp` and
 * `headers` are checked by their own modules (render/contentSecurityPolicy.ts, headersOption.ts).
 */

const optionalString = (field: string) =>
  v.optional(v.string(says((input) => `must be a string, got ${got(input)}`, `write e.g. \`${field}: '...'\`.`)))

const title = v.pipe(
  v.string(says((input) => `must be a string, got ${got(input)}`, "add `title: 'My docs'` to the config.")),
  v.minLength(1, says('is missing', "add `title: 'My docs'` to the config.")),
)

const base = v.optional(
  v.pipe(
    v.string(says((input) => `must be a string, got ${got(input)}`, "write a path such as `base: '/my-project/'`.")),
    v.check(
      (value) => !/^[a-z]+:/i.test(value),
      says((input) => `must be a path, got "${input}"`, "write a path such as `base: '/my-project/'`."),
    ),
  ),
  '/',
)

const url = v.optional(
  v.pipe(
    v.string(says((input) => `must be a string, got ${got(input)}`, "write e.g. `url: 'https://example.org'`.")),
    v.check(
      (value) => value === '' || /^https?:\/\/[^/]+/.test(value),
      says((input) => `must be an http(s) origin, got "${input}"`, "write e.g. `url: 'https://example.org'`."),
    ),
  ),
  '',
)

const logo = v.optional(
  v.union(
    [v.string(), v.looseObject({ light: v.string(), dark: v.string() })],
    says((input) => `must be a URL or \`{ light, dark }\`, got ${got(input)}`, "write `logo: '/logo.svg'`."),
  ),
)

const head = v.optional(
  v.array(
    v.looseObject(
      {
        tag: v.string(
          says(
            (input) => `must be a tag name, got ${got(input)}`,
            "write e.g. `{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }`.",
          ),
        ),
      },
      objectSays(
        'must be `{ tag, attrs, children? }`',
        "write `head: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }]`.",
        { tag: "write e.g. `{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }`." },
      ),
    ),
    says(
      'must be an array of `{ tag, attrs, children? }`',
      "write `head: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }]`.",
    ),
  ),
  [],
)

const port = (fallback: number) => {
  const message = says(
    (input) => `must be a port number, got ${got(input)}`,
    (key) => `write e.g. \`${key}: ${fallback}\`.`,
  )
  return v.optional(
    v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(65535, message)),
    fallback,
  )
}

/** `buildConcurrency`: a whole number of threads, at least 1 (default: every core, resolved in validateConfig.ts). */
const buildConcurrency = (() => {
  const message = says(
    (input) => `must be a whole number of threads, at least 1, got ${got(input)}`,
    'write e.g. `buildConcurrency: 2`, or leave it out to use every core.',
  )
  return v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(1, message)))
})()

/** `links`: `{ deadAnchors: 'warn' | 'error' }` (default 'error'), reported as a whole. */
const isLinkOptions = (value: unknown) =>
  isPlainObject(value) &&
  (value.deadAnchors === undefined || value.deadAnchors === 'warn' || value.deadAnchors === 'error')
const links = v.optional(
  v.custom<{ deadAnchors?: 'warn' | 'error' }>(
    isLinkOptions,
    says(
      (input) => `must be \`{ deadAnchors: 'warn' | 'error' }\`, got ${got(input)}`,
      "write e.g. `links: { deadAnchors: 'warn' }`.",
    ),
  ),
  {},
)

/** The whole config, in the order its fields are checked (the first problem is reported). */
export const configSchema = v.looseObject(
  {
    title,
    description: optionalString('description'),
    base,
    url,
    icon: optionalString('icon'),
    lang: optionalString('lang'),
    outDir: optionalString('outDir'),
    publicDir: optionalString('publicDir'),
    theme,
    plugins: v.optional(v.array(v.unknown(), says('must be an array', 'write `plugins: [sidebar(), search()]`.')), []),
    themeConfig: v.optional(
      v.custom<Record<string, unknown>>(
        isPlainObject,
        says('must be an object', 'write `themeConfig: { nav: [...] }`.'),
      ),
      {},
    ),
    logo,
    head,
    markdown,
    links,
    devPort: port(5173),
    previewPort: port(4173),
    buildConcurrency,
    csp: v.optional(v.unknown()),
    headers: v.optional(v.unknown()),
  },
  objectSays(
    'must be an object',
    'write `export default defineConfig({ title: "My docs", theme: { templates: { doc: "..." } } })`.',
    {
      title: "add `title: 'My docs'` to the config.",
      theme: "add `theme: { templates: { doc: 'site/theme/Doc.tsx' } }`.",
    },
  ),
)

export type CheckedConfig = v.InferOutput<typeof configSchema>
