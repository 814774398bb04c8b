import type { Root } from 'hast'
import { HastContent, type TemplateProps } from 'sheaf/runtime'
import { markdownComponents } from '../markdown/components.tsx'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { body }
  }
`

/** The body alone, with no styling of its own (the layout still frames it). */
export default function Blank({ data }: TemplateProps<{ page: { body: Root } }>) {
  return <HastContent tree={data.page.body} components={markdownComponents} />
}
