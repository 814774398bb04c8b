/** What a prop's literal value may be. */
export type PropType = 'string' | 'number' | 'boolean' | 'array' | 'object'

/** One prop of an MDX component: its type (or the types it takes), and whether a page must give it. */
export interface PropSpec {
  type: PropType | readonly PropType[]
  required?: boolean
}

/**
 * Component name -> its props. Checked at build time (checkComponentProps.ts): a missing required
 * prop, a prop of the wrong type or an unknown prop fails at the element's line, instead of the
 * component throwing while the page renders (`<PackageManagerTabs />` without `command` ended the
 * build with "Unexpected error" and no file).
 */
export type ComponentRegistry = Readonly<Record<string, Readonly<Record<string, PropSpec>>>>
