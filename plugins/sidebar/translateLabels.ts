import type { Sidebar, SidebarItem } from './types.ts'

/**
 * Text key -> language -> text: the shape of Rspress's `i18n.json`
 * (`{ "guide": { "en": "Guide", "zh": "指南" } }`).
 */
export type LabelTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>

/**
 * Rspress looks a `_meta.json` label up in `i18n.json` when it is one of its keys
 * (`"label": "gettingStarted"` shows "Getting started" in English, "快速开始" in Chinese): each
 * sidebar's labels (items, groups, section headers) are translated into its language. A label
 * that is no key, or a key without that language, stays as written.
 */
export function translateLabels(sidebars: Sidebar[], translations: LabelTranslations | undefined): Sidebar[] {
  if (!translations || Object.keys(translations).length === 0) return sidebars
  return sidebars.map((sidebar) => ({
    ...sidebar,
    items: sidebar.items.map((item) => translateItem(item, sidebar.lang, translations)),
  }))
}

function translateItem(item: SidebarItem, lang: string | null, translations: LabelTranslations): SidebarItem {
  const translate = (text: string) =>
    lang !== null && Object.hasOwn(translations, text) && typeof translations[text][lang] === 'string'
      ? translations[text][lang]
      : text
  return {
    ...item,
    text: translate(item.text),
    ...(item.sectionHeaderText === undefined ? {} : { sectionHeaderText: translate(item.sectionHeaderText) }),
    ...(item.items ? { items: item.items.map((child) => translateItem(child, lang, translations)) } : {}),
  }
}
