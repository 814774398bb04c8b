import type { ResolvedConfig } from './config/types.ts'
import { createCodeHighlighter } from './markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from './markdown/processor.ts'
import type { ComponentRegistry } from './markdown/remarkMdxComponents.ts'
import type { MarkdownCache } from './sources/markdownTransformer.ts'

/** Components MDX content may use, with the props each accepts. */
export const defaultComponents: ComponentRegistry = {
  PackageManagerTabs: ['command', 'additionalTabs'],
  Tabs: ['groupId', 'defaultValue', 'values'],
  Tab: ['label', 'value'],
  Badge: ['text', 'type'],
}

/**
 * What survives between builds in one process (the dev server, tests): the
 * highlighter and processor are expensive to create and cheap to call, and
 * the markdown cache means an unchanged file is never re-parsed.
 */
export interface BuildSession {
  processor: MarkdownProcessor
  markdownCache: MarkdownCache
  key: string
}

export async function createBuildSession(config: ResolvedConfig): Promise<BuildSession> {
  const highlighter = await createCodeHighlighter(config.markdown.codeThemes)
  const processor = createMarkdownProcessor({ highlighter, components: defaultComponents, sanitize: config.markdown.sanitize })
  return { processor, markdownCache: new Map(), key: sessionKey(config) }
}

/** Sessions are reused only while the options that shape the markdown output stay the same. */
export function sessionKey(config: ResolvedConfig): string {
  return JSON.stringify(config.markdown)
}
