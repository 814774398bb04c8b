import { createHash } from 'node:crypto'

/**
 * The client loader: a tiny classic script that starts the client bundle after
 * the first paint. The page is server-rendered and readable without scripts,
 * so the bundle (React and the theme, ~100 KB) waits for the frame that paints
 * the content instead of competing with it for the network and the main
 * thread; it still starts within one frame (or 200 ms in a background tab,
 * where frames do not run). It reads what to load from
 * `<meta name="sheaf:client" content="entry" data-preload="chunk chunk">`.
 * A file, not inline code, so a strict Content-Security-Policy needs no hash.
 */
const source = `(function () {
  var meta = document.querySelector('meta[name="sheaf:client"]');
  if (!meta) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (meta.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    import(meta.content);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 200);
})();
`

/** The loader's file name (content-hashed, like every asset) and text. */
export function clientLoaderFile(): { name: string; source: string } {
  const hash = createHash('sha1').update(source).digest('hex').slice(0, 8)
  return { name: `assets/sheaf-loader-${hash}.js`, source }
}
