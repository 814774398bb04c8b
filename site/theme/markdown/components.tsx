import { Badge } from './Badge.tsx'
import { CodeBlock } from './CodeBlock.tsx'
import { Container, DetailsContainer } from './Container.tsx'
import { PackageManagerTabs } from './PackageManagerTabs.tsx'
import { Tab } from './Tab.tsx'
import { TableWrapper } from './TableWrapper.tsx'
import { Tabs } from './Tabs.tsx'
import { ZoomableImage } from './ZoomableImage.tsx'

/**
 * Tag name -> component for page bodies:
 * `<HastContent tree={body} components={markdownComponents} />`.
 * MDX components keep their JSX names (`PackageManagerTabs`, `Tabs`, `Tab`, `Badge`); their props
 * are declared for the engine's build-time check in componentProps.ts.
 * Note: links (`a`) are left to the main theme.
 */
export const markdownComponents = {
  'code-block': CodeBlock,
  div: Container,
  details: DetailsContainer,
  img: ZoomableImage,
  table: TableWrapper,
  PackageManagerTabs,
  Tabs,
  Tab,
  Badge,
}
