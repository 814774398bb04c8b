import * as v from 'valibot'
import { defaultMaxPageSize } from '../markdown/pageSize.ts'
import { got, objectSays, says } from './schemaMessages.ts'

const isPluggable = (entry: unknown) => typeof (Array.isArray(entry) ? entry[0] : entry) === 'function'

/** `markdown.remarkPlugins` / `rehypePlugins`: unified plugins, each a function or `[function, options]`. */
const unifiedPlugins = (name: string) => {
  const example =
    `write e.g. \`${name}: [pluginA, [pluginB, { option: ` +
    `true }]]\` with the plugins imported at the top of the config.`
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

/** `markdown`: code themes, link checks, sanitizing, containers, fragments and the site's unified plugins. */
export const markdown = v.optional(
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
                  `must be a name like the built-in ones: container types are lowercase names (letters, ` +
                  `digits, \`-\`, \`_\`), got ${got(input)}`,
                "write e.g. `containerTypes: ['important']`.",
              ),
            ),
            v.regex(
              /^[a-z][\w-]*$/,
              says(
                (input) =>
                  `must be a name like the built-in ones: container types are lowercase names (letters, ` +
                  `digits, \`-\`, \`_\`), got ${got(input)}`,
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
