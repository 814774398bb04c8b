import { defaultSchema, type Schema } from 'hast-util-sanitize'
import type { ComponentRegistry } from './remarkMdxComponents.ts'

/**
 * A docs-friendly sanitize schema: GitHub's, plus details/summary, kbd,
 * sup/sub, ids kept as written, containers, code meta, data: images, and the
 * registered MDX components with their declared props. Scripts, `on*`
 * handlers, `style` and `javascript:` URLs never pass.
 */
export function createSanitizeSchema(components: ComponentRegistry): Schema {
  const attributes = defaultSchema.attributes ?? {}
  return {
    ...defaultSchema,
    clobber: [],
    tagNames: [...(defaultSchema.tagNames ?? []), 'details', 'summary', 'kbd', 'sup', 'sub', 'mark', 'figure', 'figcaption', ...Object.keys(components)],
    attributes: {
      ...attributes,
      '*': [...(attributes['*'] ?? []), 'id', 'className', 'title'],
      div: [...(attributes.div ?? []), 'dataContainer', 'dataTitle'],
      details: [...(attributes.details ?? []), 'open', 'dataContainer', 'dataTitle'],
      code: [...(attributes.code ?? []), 'dataMeta'],
      img: [...(attributes.img ?? []), 'width', 'height', 'loading'],
      ...Object.fromEntries(Object.entries(components).map(([name, props]) => [name, [...props]])),
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
