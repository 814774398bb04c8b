import { HastContent, type TemplateProps } from 'sheaf/runtime'
import { markdownComponents } from '../markdown/components.tsx'

// The server loads the MDX components that are chunks of their own before it renders (see deferred.tsx).
export { prepareMarkdownComponents as prepare } from '../markdown/components.tsx'
import type { BlankQuery } from '../queries.generated.ts'
import type { TemplateData } from '../templateData.ts'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { body }
  }
`

/** The body alone, with no styling of its own (the layout still frames it). */
export default function Blank({ data }: TemplateProps<TemplateData<BlankQuery>>) {
  return <HastContent tree={data.page.body} components={markdownComponents} />
}
