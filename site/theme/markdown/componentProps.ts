import type { ComponentRegistry } from 'sheaf'

/**
 * The MDX components this theme renders (markdownComponents in components.tsx), with the props
 * each takes. The engine checks every element of an `.mdx` page against them at build time, so a
 * missing or mistyped prop fails with file:line instead of breaking the page. Keep in step with
 * the components' props types.
 */
export const themeComponents: ComponentRegistry = {
  // A string is an npm-style command shown for every manager; an object gives each manager's own
  // command (`command={{ npm: 'npm i -D x', yarn: 'yarn add -D x' }}`), as in Rspress.
  PackageManagerTabs: { command: { type: ['string', 'object'], required: true }, additionalTabs: { type: 'array' } },
  Tabs: { groupId: { type: 'string' }, defaultValue: { type: 'string' }, values: { type: 'array' } },
  Tab: { label: { type: 'string', required: true }, value: { type: 'string' } },
  Badge: { text: { type: 'string', required: true }, type: { type: 'string' } },
}
