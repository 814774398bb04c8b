import { Badge } from './Badge.tsx'
import { CodeBlock } from './CodeBlock.tsx'
import { Container, DetailsContainer } from './Container.tsx'
import { deferred } from './deferred.tsx'
import { PackageManagerTabs } from './PackageManagerTabs.tsx'
import { Tab } from './Tab.tsx'
import { TableWrapper } from './TableWrapper.tsx'
import { Tabs } from './Tabs.tsx'
import { ZoomableImage } from './ZoomableImage.tsx'

/**
 * Rspress's rarer built-ins: each in a chunk of its own, loaded by the pages that use it (this
 * site's pages use none of them, and do not download them).
 */
const deferredComponents = {
  Card: deferred('Card', () => import('./Card.tsx').then((module) => module.Card)),
  HomeLayout: deferred('HomeLayout', () => import('./HomeLayout.tsx').then((module) => module.HomeLayout)),
  LinkCard: deferred('LinkCard', () => import('./LinkCard.tsx').then((module) => module.LinkCard)),
  NotFoundLayout: deferred('NotFoundLayout', () =>
    import('./NotFoundLayout.tsx').then((module) => module.NotFoundLayout),
  ),
  Overview: deferred('Overview', () => import('./Overview.tsx').then((module) => module.Overview)),
  SourceCode: deferred('SourceCode', () => import('./SourceCode.tsx').then((module) => module.SourceCode)),
  Steps: deferred('Steps', () => import('./Steps.tsx').then((module) => module.Steps)),
  Toc: deferred('Toc', () => import('./Toc.tsx').then((module) => module.Toc)),
}

/** For the templates' `prepare` export: the server loads every deferred component before it renders. */
export async function prepareMarkdownComponents(): Promise<void> {
  await Promise.all(Object.values(deferredComponents).map((component) => component.preload()))
}

/**
 * Tag name -> component for page bodies:
 * `<HastContent tree={body} components={markdownComponents} />`.
 * MDX components keep their JSX names (`PackageManagerTabs`, `Tabs`, `Tab`, `Badge`, ...); their
 * props are declared for the engine's build-time check in componentProps.ts.
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
  ...deferredComponents,
}
