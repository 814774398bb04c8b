import type { LayoutQuery } from '../queries.generated.ts'

/** A documentation version (versions plugin); `prefix` is '' for the default version, '/12.x' for the others. */
export type VersionInfo = NonNullable<LayoutQuery['versions']>[number]

/** The same page in another version. */
export type VersionLink = NonNullable<LayoutQuery['versionLinks']>[number]

/** A configured language (i18n plugin). */
export type LocaleInfo = NonNullable<LayoutQuery['locales']>[number]

/** The same page in another language. */
export type LocaleLink = NonNullable<LayoutQuery['localeLinks']>[number]

/** UI texts for the page's language (i18n plugin): the plugin's one definition. */
export type { UiTexts } from '../../../plugins/i18n/texts.ts'

/** The page fields the layout asks for; null for routes that are not pages. */
export type LayoutPage = NonNullable<LayoutQuery['page']>

/** The result of the layout's query (see Layout.tsx), as `sheaf typegen` generated it. */
export type LayoutData = LayoutQuery
