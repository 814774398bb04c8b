import { useRef, useState, type ReactNode } from 'react'
import { RawHtml } from 'sheaf/runtime'
import { CopyButton } from './CopyButton.tsx'

export interface CodeBlockProps {
  /** The language from the fence (`ts`, `bash`, `text` when none). */
  lang?: string
  /** From the fence meta: `title="jest.config.js"`. */
  title?: string
  /** The `<code>` inner HTML from the build's highlighter (lines are `span.line`). */
  html: string
}

export interface CodeFrameProps {
  lang?: string
  title?: string
  /** The `<code>` element to show inside `<pre class="shiki">`. */
  children: ReactNode
}

/**
 * Renders a `code-block` element of a page body. The html is produced by the
 * build's highlighter (never by content); RawHtml still trusts it in the
 * browser only when the server-rendered document held it, and sanitizes any
 * other (a fetched page's, or forged page data).
 */
export function CodeBlock({ lang, title, html }: CodeBlockProps) {
  return (
    <CodeFrame lang={lang} title={title}>
      <RawHtml as="code" html={html} />
    </CodeFrame>
  )
}

/**
 * The code block chrome: optional title bar, language label, copy button and
 * a word-wrap toggle. Shared by highlighted blocks and plain ones (package
 * manager commands).
 */
export function CodeFrame({ lang, title, children }: CodeFrameProps) {
  const [wrap, setWrap] = useState(false)
  const preRef = useRef<HTMLPreElement>(null)
  const showLang = lang && lang !== 'text'
  const readCode = () => preRef.current?.querySelector('code')?.textContent ?? ''

  // A titled block is a figure named by its title bar ('jest.config.js').
  const Frame = title ? 'figure' : 'div'
  return (
    <Frame className={wrap ? 'sheaf-code sheaf-code--wrap' : 'sheaf-code'} data-lang={lang}>
      {title ? <figcaption className="sheaf-code__title">{title}</figcaption> : null}
      <div className="sheaf-code__body">
        {showLang ? <span className="sheaf-code__lang">{lang}</span> : null}
        {/* tabIndex: a scrollable region must be reachable by keyboard. */}
        <pre ref={preRef} className="shiki" tabIndex={0}>
          {children}
        </pre>
        <div className="sheaf-code__actions">
          <button
            type="button"
            className="sheaf-code__button sheaf-code__wrap"
            aria-label="Toggle word wrap"
            title="Toggle word wrap"
            aria-pressed={wrap}
            onClick={() => setWrap(!wrap)}
          >
            <WrapIcon />
          </button>
          <CopyButton getText={readCode} />
        </div>
      </div>
    </Frame>
  )
}

function WrapIcon() {
  return (
    <svg className="sheaf-code__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4m0 0l2-2m-2 2l2 2M4 18h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
