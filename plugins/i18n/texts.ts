/** The theme's translatable texts, with the English defaults of SPEC §2. */
export interface UiTexts {
  prevPageText: string
  nextPageText: string
  lastUpdatedText: string
  sourceText: string
  searchPlaceholderText: string
  searchNoResultsText: string
  searchSuggestionText: string
  searchNoGroupResultsText: string
  outlineTitle: string
  notFoundTitle: string
  takeMeHomeText: string
  editLinkText: string
  menuText: string
  skipToContentText: string
  backToTopText: string
  oldVersionBannerText: string
}

export const defaultTexts: UiTexts = {
  prevPageText: 'Previous Page',
  nextPageText: 'Next page',
  lastUpdatedText: 'Last Updated',
  sourceText: 'Source',
  searchPlaceholderText: 'Search Docs',
  searchNoResultsText: 'No results for "{query}".',
  searchSuggestionText: 'Please try again with a different keyword.',
  searchNoGroupResultsText: 'No results found',
  outlineTitle: 'ON THIS PAGE',
  notFoundTitle: 'PAGE NOT FOUND',
  takeMeHomeText: 'Take me home',
  editLinkText: 'Edit this page',
  menuText: 'Menu',
  skipToContentText: 'Skip to content',
  backToTopText: 'Back to top',
  oldVersionBannerText: 'You are reading the docs for {version}, an older version.',
}

/** Theme config fields that override the defaults for every language. */
export const themeConfigTextKeys = ['prevPageText', 'nextPageText', 'lastUpdatedText', 'searchPlaceholderText', 'outlineTitle'] as const
