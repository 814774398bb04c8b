/**
 * A page's title from its file name when it has none of its own: `docs/api/render-hook.md` →
 * "Render hook", `guides/index.md` → "Guides". Its own module: the outline (dev server) and
 * the processor both use it, and the outline must not load the markdown pipeline.
 */
export function titleFromFile(file: string): string {
  const base =
    file
      .split('/')
      .pop()
      ?.replace(/\.(md|mdx)$/, '') ?? file
  const words = (base === 'index' ? (file.split('/').slice(-2, -1)[0] ?? 'Home') : base).replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
