import * as v from 'valibot'
import { got, isPlainObject, objectSays, record, says } from './schemaMessages.ts'

const stringArray = (problem: string, fix: string) =>
  v.array(v.string(says((input) => `must be a string, got ${got(input)}`, fix)), says(problem, fix))

const propTypes = ['string', 'number', 'boolean', 'array', 'object'] as const
const componentsExample = "write `components: { Tab: { label: { type: 'string', required: true } } }`."
const propTypeProblem = (input: unknown) =>
  `must be one of ${propTypes.map((entry) => `'${entry}'`).join(', ')} (or an array of them), got ${got(input)}`

/** `theme.components`: component name -> prop name -> `{ type, required? }` (see markdown/componentRegistry.ts). */
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

/** `theme`: its templates, styles, layout, reserved ids, content classes and components. */
export const theme = v.looseObject(
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
