import { SheafError } from '../errors.ts'
import type { PageInput } from '../plugins/types.ts'
import { normalizeRoute, routeKey } from '../shared/routes.ts'

export interface RegisteredPage {
  path: string
  template: string
  context: Record<string, unknown>
  /** Who created it: a plugin name, with the source file when known. */
  source: string
}

/** The pages to render, keyed by route; two pages on one route is an error naming both. */
export class PageRegistry {
  private readonly byKey = new Map<string, RegisteredPage>()

  constructor(private readonly templates: Record<string, string>) {}

  add(input: PageInput, source: string): void {
    if (!input || typeof input.path !== 'string' || typeof input.template !== 'string') {
      throw new SheafError(`createPage needs \`{ path, template }\` strings, got ${JSON.stringify(input)?.slice(0, 120)}.`, {
        hint: "call `createPage({ path: '/docs/x', template: 'doc', context: { path: '/docs/x' } })`.",
      })
    }
    if (!Object.hasOwn(this.templates, input.template)) {
      throw new SheafError(`createPage for \`${input.path}\` names the template \`${input.template}\`, which the theme does not have.`, {
        hint: `use one of ${Object.keys(this.templates).join(', ')}, or add it to \`theme.templates\` in the config.`,
      })
    }
    // A route as given (decoded text, as a file name makes it): never decoded again.
    const path = normalizeRoute(input.path)
    const key = routeKey(path)
    const existing = this.byKey.get(key)
    if (existing) {
      throw new SheafError(`Two pages want the route \`${path}\`: ${existing.source} and ${source}.`, {
        hint: 'rename or move one of them so each route has one page.',
      })
    }
    this.byKey.set(key, { path, template: input.template, context: input.context ?? {}, source })
  }

  get templateNames(): string[] {
    return Object.keys(this.templates)
  }

  get pages(): RegisteredPage[] {
    return [...this.byKey.values()]
  }
}
