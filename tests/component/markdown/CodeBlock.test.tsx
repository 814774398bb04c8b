import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Root } from 'hast'
import { HastContent } from 'sheaf/runtime'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const html =
  '<span class="line highlighted"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583">const</span><span> ' +
  'a = 1</span></span>\n' +
  '<span class="line"><span>const b = 2</span></span>'

function renderCodeBlock(properties: Record<string, string> = {}) {
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'code-block',
        properties: { lang: 'ts', title: 'example.ts', html, ...properties },
        children: [],
      },
    ],
  }
  return render(<HastContent tree={tree} components={markdownComponents} />)
}

describe('CodeBlock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Testing Library only advances fake timers it recognises as Jest's; without this its
    // async wrapper waits on a faked setTimeout forever.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows the title, the language and the highlighted code', () => {
    const { container } = renderCodeBlock()
    expect(screen.getByText('example.ts')).toBeTruthy()
    expect(screen.getByText('ts')).toBeTruthy()
    const code = container.querySelector('pre.shiki > code')
    expect(code?.textContent).toBe('const a = 1\nconst b = 2')
    expect(container.querySelectorAll('.line.highlighted')).toHaveLength(1)
  })

  it('leaves out the title bar and the label for untitled plain text', () => {
    const { container } = renderCodeBlock({ lang: 'text', title: '' })
    expect(container.querySelector('.sheaf-code__title')).toBeNull()
    expect(container.querySelector('.sheaf-code__lang')).toBeNull()
  })

  it('copies the code and shows the success state for 2000 ms', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    renderCodeBlock()
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    await act(async () => {})

    expect(await navigator.clipboard.readText()).toBe('const a = 1\nconst b = 2')
    expect(screen.getByRole('status').textContent).toBe('Copied')
    expect(screen.getByRole('button', { name: 'Copy code' }).title).toBe('Copied')

    act(() => vi.advanceTimersByTime(1999))
    expect(screen.getByRole('status').textContent).toBe('Copied')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('status').textContent).toBe('')
    expect(screen.getByRole('button', { name: 'Copy code' }).title).toBe('Copy code')
  })

  it('falls back to a prompt with Ctrl+C when the clipboard refuses', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null)
    renderCodeBlock()
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    await act(async () => {})

    expect(prompt).toHaveBeenCalledWith('Copy to clipboard: Ctrl+C, Enter', 'const a = 1\nconst b = 2')
    // Cancelled prompt: nothing was copied, so no success state.
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says Cmd+C in the prompt on macOS and shows success once confirmed', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15',
    )
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('const a = 1\nconst b = 2')
    renderCodeBlock()
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    await act(async () => {})

    expect(prompt).toHaveBeenCalledWith('Copy to clipboard: Cmd+C, Enter', 'const a = 1\nconst b = 2')
    expect(screen.getByRole('status').textContent).toBe('Copied')
  })

  it('toggles word wrap', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const { container } = renderCodeBlock()
    const toggle = screen.getByRole('button', { name: 'Toggle word wrap' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(container.querySelector('.sheaf-code--wrap')).toBeNull()

    await user.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(container.querySelector('.sheaf-code--wrap')).not.toBeNull()

    await user.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
  })
})
