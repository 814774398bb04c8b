import { HastContent, type TemplateProps } from 'sheaf/runtime'
import { markdownComponents } from '../markdown/components.tsx'

// The server loads the MDX components that are chunks of their own before it renders (see deferred.tsx).
export { prepareMarkdownComponents as prepare } from '../markdown/components.tsx'
import type { CustomQuery } from '../queries.generated.ts'
import type { TemplateData } from '../templateData.ts'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { title body frontmatterHtml }
  }
`

/** A free-form page inside the site frame: the body at full width, no sidebar or outline. */
export default function Custom({ data }: TemplateProps<TemplateData<CustomQuery>>) {
  return (
    <div className="custom-page prose">
      <HastContent tree={data.page.body} components={markdownComponents} />
    </div>
  )
}
