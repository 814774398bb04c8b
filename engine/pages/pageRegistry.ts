import { SheafError } from '../errors.ts'
import type { PageInput } from '../plugins/types.ts'
import { normalizeRoute, routeKey } from '../shared/routes.ts'
import { SiteTemplates } from './siteTemplates.ts'

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

  /** The site's own templates the pages name (createPage's `component`). */
  readonly siteTemplates: SiteTemplates

  constructor(
    private readonly templates: Record<string, string>,
    root: string = process.cwd(),
  ) {
    this.siteTemplates = new SiteTemplates(root)
  }

  add(input: PageInput, source: string): void {
    const named = input && (typeof input.template === 'string') !== (typeof input.component === 'string')
    if (!input || typeof input.path !== 'string' || !named) {
      throw new SheafError(
        `createPage needs a \`path\` and either a \`template\` or a \`component\` string, ` +
          `got ${JSON.stringify(input)?.slice(0, 120)}.`,
        {
          hint:
            "call `createPage({ path: '/docs/x', template: 'doc', context: { path: '/docs/x' } })`, " +
            "or `createPage({ path: '/authors/ada', component: '/abs/site/templates/Author.tsx' })`.",
        },
      )
    }
    const template =
      typeof input.component === 'string'
        ? this.siteTemplates.add(input.component, input.path)
        : (input.template as string)
    if (!input.component && !Object.hasOwn(this.templates, template)) {
      throw new SheafError(
        `createPage for \`${input.path}\` names the template \`${template}\`, which the theme does not have.`,
        {
          hint:
            `use one of ${Object.keys(this.templates).join(', ')}, add it to \`theme.templates\` in the config, ` +
            `or give a \`component\` of the site.`,
        },
      )
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
    this.byKey.set(key, { path, template, context: input.context ?? {}, source })
  }

  get templateNames(): string[] {
    return Object.keys(this.templates)
  }

  get pages(): RegisteredPage[] {
    return [...this.byKey.values()]
  }
}
