import type { UiTexts } from '../components/layoutData.ts'
import { useLayoutData } from './useLayoutData.ts'

const defaultTexts: UiTexts = {
  prevPageText: 'Previous Page',
  nextPageText: 'Next page',
  lastUpdatedText: 'Last Updated',
  sourceText: 'Source',
  searchPlaceholderText: 'Search Docs',
  outlineTitle: 'ON THIS PAGE',
  notFoundTitle: 'PAGE NOT FOUND',
  takeMeHomeText: 'Take me home',
  editLinkText: 'Edit this page',
  menuText: 'Menu',
  skipToContentText: 'Skip to content',
}

/**
 * The UI texts for the page's language from the i18n plugin, over the
 * English defaults of SPEC §2 (so a component works even without the plugin).
 */
export function useTexts(): UiTexts {
  const { i18n } = useLayoutData()
  return { ...defaultTexts, ...i18n }
}
