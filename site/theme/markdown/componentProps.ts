import type { ComponentRegistry } from 'sheaf'

/**
 * The MDX components this theme renders (markdownComponents in components.tsx), with the props
 * each takes: Rspress's documented built-ins and their props, so pages written for Rspress build
 * as they are. The engine checks every element of an `.mdx` page against them at build time, so
 * a missing or mistyped prop fails with file:line instead of breaking the page. Keep in step with
 * the components' props types.
 */
export const themeComponents: ComponentRegistry = {
  // A string is an npm-style command shown for every manager; an object gives each manager's own
  // command (`command={{ npm: 'npm i -D x', yarn: 'yarn add -D x' }}`), as in Rspress.
  PackageManagerTabs: { command: { type: ['string', 'object'], required: true }, additionalTabs: { type: 'array' } },
  Tabs: {
    groupId: { type: 'string' },
    defaultValue: { type: ['string', 'number'] },
    values: { type: 'array' },
    tabPosition: { type: 'string' },
    tabContainerClassName: { type: 'string' },
  },
  // No label: `<Tabs values>` names the tab, as in Rspress.
  Tab: { label: { type: 'string' }, value: { type: 'string' } },
  // `text`, or children in its place.
  Badge: { text: { type: 'string' }, type: { type: 'string' }, outline: { type: 'boolean' } },
  SourceCode: { href: { type: 'string', required: true }, platform: { type: 'string' } },
  Card: {
    title: { type: 'string', required: true },
    content: { type: 'string' },
    icon: { type: 'string' },
    style: { type: 'object' },
  },
  LinkCard: {
    href: { type: 'string', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    style: { type: 'object' },
  },
  Steps: {},
  Toc: {},
  Overview: { defaultGroupTitle: { type: 'string' }, overviewHeaders: { type: 'array' } },
  NotFoundLayout: {},
  HomeLayout: {},
}
