import { useEffect, useState } from 'react'
import { encodeRoute, routeToMarkdownFile, useSiteData, withBase } from 'sheaf/runtime'
import { useTexts } from '../hooks/useTexts.ts'

type State = 'idle' | 'copied' | 'failed'

/**
 * Copies the page's clean-markdown twin (`<route>.md`, written by the llms plugin) to the
 * clipboard. Without the llms plugin there is no twin, and no button.
 */
export function CopyMarkdownButton({ path }: { path: string }) {
  const { base, plugins } = useSiteData()
  const [state, setState] = useState<State>('idle')
  const texts = useTexts()
  useEffect(() => {
    if (state === 'idle') return
    const timer = window.setTimeout(() => setState('idle'), 2000)
    return () => window.clearTimeout(timer)
  }, [state])
  const copy = async () => {
    try {
      const response = await fetch(withBase(encodeRoute(`/${routeToMarkdownFile(path)}`), base))
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      await navigator.clipboard.writeText(await response.text())
      setState('copied')
    } catch (error) {
      console.error('[theme] Copying the page as Markdown failed.', error)
      setState('failed')
    }
  }
  if (!plugins?.includes('llms')) return null
  return (
    <button type="button" className="copy-markdown" onClick={() => void copy()}>
      {state === 'copied'
        ? texts.copiedMarkdownText
        : state === 'failed'
          ? texts.copyFailedText
          : texts.copyMarkdownText}
    </button>
  )
}
