import type { ComponentPropsWithoutRef } from 'react'

/**
 * Renders `img` elements of a page body: lazy-loaded and marked for the
 * image zoom (useImageZoom attaches to `img[data-zoomable]` after render).
 */
export function ZoomableImage({ alt, ...rest }: ComponentPropsWithoutRef<'img'>) {
  return <img {...rest} alt={alt} loading="lazy" data-zoomable="" />
}
