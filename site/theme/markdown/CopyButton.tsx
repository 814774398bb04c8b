import { useEffect, useRef, useState } from 'react'
import { useTexts } from '../hooks/useTexts.ts'

/** How long the success icon shows after a copy (SPEC §9 copy feedback). */
export const copyFeedbackMs = 2000

export interface CopyButtonProps {
  /** Reads the text to copy at click time (e.g. the rendered code's textContent). */
  getText: () => string
  /** Accessible name. Default: the `copyCodeText` UI text. */
  label?: string
}

/**
 * Copies text to the clipboard and shows a success icon for 2 s. When the
 * Clipboard API is missing or refuses (insecure origin, denied permission), it
 * falls back to a prompt holding the text, as copy-to-clipboard does.
 */
export function CopyButton({ getText, label: givenLabel }: CopyButtonProps) {
  const texts = useTexts()
  const label = givenLabel ?? texts.copyCodeText
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function handleClick() {
    const copiedText = await copyText(getText())
    if (!copiedText) return
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), copyFeedbackMs)
  }

  return (
    <>
      <button
        type="button"
        className="sheaf-code__button sheaf-code__copy"
        aria-label={label}
        title={copied ? texts.copiedText : label}
        data-copied={copied ? 'true' : undefined}
        onClick={handleClick}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="sheaf-sr-only" role="status">
        {copied ? texts.copiedText : ''}
      </span>
    </>
  )
}

/** Resolves true when the text reached the clipboard (or the reader confirmed the prompt). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('The Clipboard API is not available.')
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return window.prompt(`Copy to clipboard: ${copyShortcut()}, Enter`, text) !== null
  }
}

function copyShortcut(): string {
  return /mac os x|macintosh/i.test(navigator.userAgent) ? 'Cmd+C' : 'Ctrl+C'
}

function CopyIcon() {
  return (
    <svg className="sheaf-code__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="9" y="9" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}

function CheckIcon() {
  return (
    <svg
      className="sheaf-code__icon sheaf-code__icon--success"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 12.5l5 5L20 6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
