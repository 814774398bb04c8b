import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'

const templateFile = /\.(?:[jt]sx?|mjs)$/

/**
 * The site's own templates (`createPage({ component })`), by template name: a name of their own,
 * `component:<path from the site's folder>`, so they never take a theme template's place and
 * read as what they are in errors and in the client entry.
 */
export class SiteTemplates {
  private readonly byName = new Map<string, string>()

  constructor(private readonly root: string) {}

  /** The template name of a component module, checked once per file. */
  add(component: string, route: string): string {
    const file = path.resolve(this.root, component)
    const name = `component:${path.relative(this.root, file).split(path.sep).join('/')}`
    if (this.byName.has(name)) return name
    if (!templateFile.test(file) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      throw new SheafError(
        `createPage for \`${route}\` names the component \`${component}\`, which is not a module file of the site.`,
        {
          hint:
            "give the path of a .tsx that default-exports the page's component: `component: " +
            "path.join(import.meta.dirname, 'templates/Author.tsx')`.",
        },
      )
    }
    this.byName.set(name, file)
    return name
  }

  /** Template name -> absolute file, as `theme.templates`. */
  get templates(): Record<string, string> {
    return Object.fromEntries(this.byName)
  }
}
