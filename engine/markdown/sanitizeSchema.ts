import { defaultSchema, type Schema } from 'hast-util-sanitize'
import type { ComponentRegistry } from './componentRegistry.ts'
import { structuredPropsProperty } from '../shared/structuredProps.ts'

/**
 * The prefix every id, `name` and aria id reference written in content gets,
 * as on GitHub: a page's raw HTML can then never take an id the engine or the
 * theme looks up (`<div id="__SHEAF_DATA__">` would replace the page data,
 * `id="content"` the layout's `<main>`), nor clobber a global (`name`). Links to
 * `#x` still land on `user-content-x` (see userContentIds.ts and scrollToHash).
 */
export const userContentPrefix = 'user-content-'

/**
 * A docs-friendly sanitize schema: GitHub's, plus details/summary, kbd,
 * sup/sub, containers, code meta, data: images, and the registered MDX
 * components with their declared props. Scripts, `on*` handlers, `style` and
 * `javascript:` URLs never pass; ids, names and aria id references are
 * prefixed with `user-content-` (GitHub's clobber rule).
 */
export function createSanitizeSchema(components: ComponentRegistry): Schema {
  const attributes = defaultSchema.attributes ?? {}
  return {
    ...defaultSchema,
    clobber: ['ariaDescribedBy', 'ariaLabelledBy', 'id', 'name'],
    clobberPrefix: userContentPrefix,
    tagNames: [
      ...(defaultSchema.tagNames ?? []),
      'details',
      'summary',
      'kbd',
      'sup',
      'sub',
      'mark',
      'figure',
      'figcaption',
      ...Object.keys(components),
    ],
    attributes: {
      ...attributes,
      '*': [...(attributes['*'] ?? []), 'id', 'className', 'title'],
      div: [...(attributes.div ?? []), 'dataContainer', 'dataTitle'],
      details: [...(attributes.details ?? []), 'open', 'dataContainer', 'dataTitle'],
      code: [...(attributes.code ?? []), 'dataMeta'],
      img: [...(attributes.img ?? []), 'width', 'height', 'loading'],
      // Object and array props travel as one JSON property (see structuredProps.ts).
      ...Object.fromEntries(
        Object.entries(components).map(([name, props]) => [
          name,
          [...Object.keys(props).filter((prop) => prop !== '*'), structuredPropsProperty],
        ]),
      ),
    },
    protocols: {
      ...defaultSchema.protocols,
      src: ['http', 'https', 'data'],
    },
    strip: ['script', 'style'],
  }
}

/** `data:` URLs are kept only for images (`data:image/...`, SVG excluded: it can carry script). */
export function isSafeDataImage(url: string): boolean {
  return /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(url)
}
