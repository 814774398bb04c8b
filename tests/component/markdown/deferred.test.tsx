import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { deferred } from '../../../site/theme/markdown/deferred.tsx'

function Note({ text }: { text: string }) {
  return <p>{text}</p>
}

describe('deferred components', () => {
  it('render their content on the server once prepared (renderToString cannot wait)', async () => {
    const Lazy = deferred('Note', async () => Note)
    expect(renderToString(<Lazy text="unprepared" />)).not.toContain('unprepared')
    const Prepared = deferred('Note', async () => Note)
    await Prepared.preload()
    expect(renderToString(<Prepared text="Hello" />)).toContain('<p>Hello</p>')
  })

  it('hydrate over the server HTML without a mismatch while their chunk loads, then render it', async () => {
    const Server = deferred('Note', async () => Note)
    await Server.preload()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Server text="Hello" />)
    document.body.appendChild(container)
    let arrive: (component: typeof Note) => void = () => undefined
    const Client = deferred('Note', () => new Promise<typeof Note>((resolve) => (arrive = resolve)))
    const onRecoverableError = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, <Client text="Hello" />, { onRecoverableError })
    })
    // The chunk has not arrived: the server's HTML stays as it was.
    expect(screen.getByText('Hello').tagName).toBe('P')
    await act(async () => arrive(Note))
    expect(screen.getByText('Hello').tagName).toBe('P')
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    consoleError.mockRestore()
    act(() => root?.unmount())
    container.remove()
  })
})
