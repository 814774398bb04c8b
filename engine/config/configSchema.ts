import * as v from 'valibot'
import { defaultMaxPageSize } from '../markdown/pageSize.ts'

/**
 * The config's shape as a valibot schema: each field's check, default, problem and fix in one
 * place. Objects are loose (a key the engine does not read is left alone, as before); `csp` and
 * `headers` are checked by their own modules (render/contentSecurityPolicy.ts, headersOption.ts).
 *
 * Every message is a problem and a fix joined by `fixSeparator`: validateConfig.ts splits them
 * into a SheafError's message and hint, and names the field by the issue's key path. A message is
 * made before valibot adds the path, so a fix that names its own key writes `keyMark` for it.
 */
export const fixSeparator = '\u0000'
export const keyMark = '\u0001'

type Issue = v.BaseIssue<unknown>

/** An error message for a schema: what is wrong with the input, and how to write it. */
function says(
  problem: string | ((input: unknown) => string),
  fix: string | ((key: string) => string),
): (issue: Issue) => string {
  return (issue) =>
    `${typeof problem === 'function' ? problem(issue.input) : problem}${fixSeparator}${typeof fix === 'function' ? fix(keyMark) : fix}`
}

/**
 * The message of an object schema: its own problem, or, for a required key that is not there
 * (valibot reports it on the object, expecting `"key"`), "is missing" with that key's fix.
 */
function objectSays(
  problem: string | ((input: unknown) => string),
  fix: string,
  missing: Record<string, string>,
): (issue: Issue) => string {
  const own = says(problem, fix)
  return (issue) => {
    const key = /^"(.*)"$/.exec(issue.expected ?? '')?.[1]
    return key !== undefined && issue.input === undefined && Object.hasOwn(missing, key)
      ? `is missing${fixSeparator}${missing[key]}`
      : own(issue)
  }
}

/** A short rendering of a wrong value for messages (functions and undefined have no JSON). */
export function got(value: unknown): string {
  const text = JSON.stringify(value) ?? typeof value
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** An object (not an array, not null) whose entries `entries` checks. */
function record<const T extends v.GenericSchema>(entries: T, message: (issue: Issue) => string) {
  return v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.record(v.string(), entries, message))
}

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

const stringArray = (problem: string, fix: string) =>
  v.array(v.string(says((input) => `must be a string, got ${got(input)}`, fix)), says(problem, fix))

const propTypes = ['string', 'number', 'boolean', 'array', 'object'] as const
const componentsExample = "write `components: { Tab: { label: { type: 'string', required: true } } }`."
const propTypeProblem = (input: unknown) =>
  `must be one of ${propTypes.map((entry) => `'${entry}'`).join(', ')} (or an array of them), got ${got(input)}`

/** `theme.components`: component name -> prop name -> `{ type, required? }` (see remarkMdxComponents.ts). */
const components = v.optional(
  v.pipe(
    v.custom<Record<string, unknown>>(
      isPlainObject,
      says('must be an object of component name -> props', componentsExample),
    ),
    v.record(
      v.pipe(
        v.string(),
        v.regex(
          /^[A-Z][A-Za-z0-9]*$/,
          says('must be named like a React component (a capital letter, then letters and digits)', componentsExample),
        ),
      ),
      record(
        v.looseObject(
          {
            type: v.union(
              [v.picklist(propTypes), v.pipe(v.array(v.picklist(propTypes)), v.minLength(1))],
              says(propTypeProblem, componentsExample),
            ),
            required: v.optional(
              v.boolean(says((input) => `must be \`true\` or \`false\`, got ${got(input)}`, componentsExample)),
            ),
          },
          objectSays('must be `{ type, required? }`', componentsExample, { type: componentsExample }),
        ),
        says('must be an object of prop name -> `{ type, required? }`', componentsExample),
      ),
    ),
  ),
  {},
)

const theme = v.looseObject(
  {
    templates: record(
      v.string(says('must be a module path string', (name) => `write \`${name}: 'site/theme/${name}.tsx'\`.`)),
      says('must be an object of template name -> module path', "write `templates: { doc: 'site/theme/Doc.tsx' }`."),
    ),
    styles: v.optional(
      stringArray('must be an array of stylesheet paths', "write `styles: ['site/theme/styles.css']`."),
      [],
    ),
    layout: v.optional(
      v.string(
        says((input) => `must be a module path string, got ${got(input)}`, "write `layout: 'site/theme/Layout.tsx'`."),
      ),
    ),
    reservedIds: v.optional(
      stringArray('must be an array of element ids', "write `reservedIds: ['content', 'sidebar']`."),
      [],
    ),
    contentClasses: v.optional(
      stringArray('must be an array of class names', "write `contentClasses: ['note', 'warning']`."),
      [],
    ),
    components,
  },
  objectSays(
    (input) => `must be an object, got ${got(input)}`,
    "add `theme: { templates: { doc: 'site/theme/Doc.tsx' } }`.",
    { templates: "write `templates: { doc: 'site/theme/Doc.tsx' }`." },
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

const isPluggable = (entry: unknown) => typeof (Array.isArray(entry) ? entry[0] : entry) === 'function'

/** `markdown.remarkPlugins` / `rehypePlugins`: unified plugins, each a function or `[function, options]`. */
const unifiedPlugins = (name: string) => {
  const example = `write e.g. \`${name}: [pluginA, [pluginB, { option: true }]]\` with the plugins imported at the top of the config.`
  return v.optional(
    v.array(
      v.custom<unknown>(
        isPluggable,
        says((input) => `must be a plugin function or [plugin, options], got ${got(input)}`, example),
      ),
      says('must be an array of unified plugins', example),
    ),
    [],
  )
}

const boolean = (example: string) =>
  v.optional(
    v.boolean(says((input) => `must be \`true\` or \`false\`, got ${got(input)}`, `write e.g. \`${example}\`.`)),
  )

const markdown = v.optional(
  v.looseObject(
    {
      codeThemes: v.optional(
        v.looseObject(
          {
            light: v.string(
              says((input) => `must be a theme name, got ${got(input)}`, "write e.g. `light: 'github-light'`."),
            ),
            dark: v.string(
              says((input) => `must be a theme name, got ${got(input)}`, "write e.g. `dark: 'github-dark'`."),
            ),
          },
          objectSays(
            (input) => `must be \`{ light, dark }\`, got ${got(input)}`,
            "write e.g. `codeThemes: { light: 'github-light', dark: 'github-dark' }`.",
            { light: "write e.g. `light: 'github-light'`.", dark: "write e.g. `dark: 'github-dark'`." },
          ),
        ),
      ),
      checkDeadLinks: boolean('checkDeadLinks: false'),
      sanitize: boolean('sanitize: true'),
      containerTypes: v.optional(
        v.array(
          v.pipe(
            v.string(
              says(
                (input) =>
                  `must be a name like the built-in ones: container types are lowercase names (letters, digits, \`-\`, \`_\`), got ${got(input)}`,
                "write e.g. `containerTypes: ['important']`.",
              ),
            ),
            v.regex(
              /^[a-z][\w-]*$/,
              says(
                (input) =>
                  `must be a name like the built-in ones: container types are lowercase names (letters, digits, \`-\`, \`_\`), got ${got(input)}`,
                "write e.g. `containerTypes: ['important']`.",
              ),
            ),
          ),
          says(
            'must be an array of lowercase names (letters, digits, `-`, `_`)',
            "write e.g. `containerTypes: ['important']`.",
          ),
        ),
      ),
      fragments: v.optional(
        v.array(
          v.string(
            says(
              (input) => `must be a glob from the site root, got ${got(input)}`,
              "write e.g. `fragments: ['docs/**/_fragments/**']`.",
            ),
          ),
          says('must be an array of globs', "write e.g. `fragments: ['docs/**/_fragments/**']`."),
        ),
      ),
      importAliases: v.optional(
        v.record(
          v.string(),
          v.string(
            says(
              (input) => `must be a folder from the site root, got ${got(input)}`,
              "write e.g. `importAliases: { '@en': 'docs/en' }`.",
            ),
          ),
          says('must be an object of prefix -> folder', "write e.g. `importAliases: { '@en': 'docs/en' }`."),
        ),
      ),
      remarkPlugins: unifiedPlugins('remarkPlugins'),
      rehypePlugins: unifiedPlugins('rehypePlugins'),
      maxPageSize: v.optional(
        v.pipe(
          v.number(
            says(
              (input) => `must be a positive whole number of bytes, got ${got(input)}`,
              'write e.g. `markdown: { maxPageSize: 4 * 1024 * 1024 }`.',
            ),
          ),
          v.integer(
            says(
              (input) => `must be a positive whole number of bytes, got ${got(input)}`,
              'write e.g. `markdown: { maxPageSize: 4 * 1024 * 1024 }`.',
            ),
          ),
          v.minValue(
            1,
            says(
              (input) => `must be a positive whole number of bytes, got ${got(input)}`,
              'write e.g. `markdown: { maxPageSize: 4 * 1024 * 1024 }`.',
            ),
          ),
        ),
        defaultMaxPageSize,
      ),
    },
    says(
      (input) => `must be an object, got ${got(input)}`,
      "write e.g. `markdown: { codeThemes: { light: 'github-light', dark: 'github-dark' } }`.",
    ),
  ),
  {},
)

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
