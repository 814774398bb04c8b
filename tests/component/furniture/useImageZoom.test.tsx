import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useImageZoom } from '../../../site/theme/furniture/useImageZoom.ts'

function Page({ path, withImage = true }: { path: string; withImage?: boolean }) {
  useImageZoom(path)
  return (
    <article>
      {withImage ? <img key={path} src={`${path}.png`} alt={`Image of ${path}`} data-zoomable="" /> : <p>Text only.</p>}
    </article>
  )
}

const zoomable = () => document.querySelector('article img')!.classList.contains('medium-zoom-image')

describe('useImageZoom', () => {
  it('attaches to article images after a short delay, not during render', async () => {
    render(<Page path="/docs/a" />)
    expect(zoomable()).toBe(false)
    await waitFor(() => expect(zoomable()).toBe(true))
  })

  it('re-attaches to the new images after a client navigation and detaches on unmount', async () => {
    const { rerender, unmount } = render(<Page path="/docs/a" />)
    await waitFor(() => expect(zoomable()).toBe(true))

    rerender(<Page path="/docs/b" />)
    await waitFor(() => expect(zoomable()).toBe(true))

    const image = document.querySelector('article img')!
    unmount()
    expect(image.classList.contains('medium-zoom-image')).toBe(false)
  })

  it('zooms the images of a page reached from a page without any (where it loads nothing)', async () => {
    const { rerender, getByText } = render(<Page path="/docs/text" withImage={false} />)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(getByText('Text only.')).toBeTruthy()

    rerender(<Page path="/docs/b" />)
    await waitFor(() => expect(zoomable()).toBe(true))
  })
})
