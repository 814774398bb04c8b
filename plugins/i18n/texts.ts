/**
 * The theme's translatable texts, with the English defaults of SPEC §2: the one
 * definition of every string the theme shows or announces. The i18n plugin
 * serves them per language (`i18n(path)`); the theme falls back to these
 * defaults without the plugin. `{name}` placeholders are filled by the theme.
 * This module imports nothing, so the client bundle can carry it.
 */
export interface UiTexts {
  prevPageText: string
  nextPageText: string
  lastUpdatedText: string
  sourceText: string
  searchPlaceholderText: string
  /** `{query}` is the reader's query. */
  searchNoResultsText: string
  searchSuggestionText: string
  searchNoGroupResultsText: string
  searchResultsLabel: string
  searchClearText: string
  searchLoadErrorText: string
  searchLoadingText: string
  /** Local search groups, by hit type. */
  searchPagesGroup: string
  searchSectionsGroup: string
  searchContentGroup: string
  /** A hit's type, read out before it. */
  searchPageType: string
  searchSectionType: string
  searchContentType: string
  outlineTitle: string
  notFoundTitle: string
  takeMeHomeText: string
  editLinkText: string
  menuText: string
  skipToContentText: string
  backToTopText: string
  /** `{version}` is the version being read. */
  oldVersionBannerText: string
  /** `{version}` is the default version. */
  oldVersionLinkText: string
  /** The theme toggle's label when it would switch to dark. */
  darkThemeText: string
  /** The theme toggle's label when it would switch to light. */
  lightThemeText: string
  /** The third choice: follow the operating system's setting. */
  systemThemeText: string
  appearanceText: string
  versionText: string
  languageText: string
  /** `{version}` is the version being read. */
  versionMenuLabel: string
  /** `{language}` is the page's language. */
  languageMenuLabel: string
  copyMarkdownText: string
  copiedMarkdownText: string
  copyFailedText: string
  copyCodeText: string
  copiedText: string
  openNavigationText: string
  closeNavigationText: string
  closeMenuText: string
  /** `{label}` is the group's title. */
  expandGroupText: string
  collapseGroupText: string
  opensInNewTabText: string
  moreLinksLabel: string
  mainNavLabel: string
  secondaryNavLabel: string
  mobileNavLabel: string
  sidebarLabel: string
  pagesNavLabel: string
  prevNextLabel: string
  featuresLabel: string
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
  searchResultsLabel: 'Search results',
  searchClearText: 'Clear the query',
  searchLoadErrorText: 'The search index could not be loaded. Check your connection and try again.',
  searchLoadingText: 'Loading the search index…',
  searchPagesGroup: 'Pages',
  searchSectionsGroup: 'Sections',
  searchContentGroup: 'Content',
  searchPageType: 'Page',
  searchSectionType: 'Section',
  searchContentType: 'Content',
  outlineTitle: 'ON THIS PAGE',
  notFoundTitle: 'PAGE NOT FOUND',
  takeMeHomeText: 'Take me home',
  editLinkText: 'Edit this page',
  menuText: 'Menu',
  skipToContentText: 'Skip to content',
  backToTopText: 'Back to top',
  oldVersionBannerText: 'You are reading the docs for {version}, an older version.',
  oldVersionLinkText: 'Read this page for {version}',
  darkThemeText: 'Switch to dark theme',
  lightThemeText: 'Switch to light theme',
  systemThemeText: 'Follow the system theme',
  appearanceText: 'Appearance',
  versionText: 'Version',
  languageText: 'Language',
  versionMenuLabel: 'Version {version}, choose another version',
  languageMenuLabel: 'Language {language}, choose another language',
  copyMarkdownText: 'Copy page as Markdown',
  copiedMarkdownText: 'Copied as Markdown',
  copyFailedText: 'Copy failed',
  copyCodeText: 'Copy code',
  copiedText: 'Copied',
  openNavigationText: 'Open navigation',
  closeNavigationText: 'Close navigation',
  closeMenuText: 'Close menu',
  expandGroupText: '{label}: expand',
  collapseGroupText: '{label}: collapse',
  opensInNewTabText: '(opens in a new tab)',
  moreLinksLabel: 'More links',
  mainNavLabel: 'Main',
  secondaryNavLabel: 'Secondary',
  mobileNavLabel: 'Mobile',
  sidebarLabel: 'Sidebar',
  pagesNavLabel: 'Pages',
  prevNextLabel: 'Previous and next pages',
  featuresLabel: 'Features',
}

/** Fills `{name}` placeholders of a text (unknown names stay as written). */
export function formatText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** Theme config fields that override the defaults for every language. */
export const themeConfigTextKeys = [
  'prevPageText',
  'nextPageText',
  'lastUpdatedText',
  'searchPlaceholderText',
  'outlineTitle',
] as const
