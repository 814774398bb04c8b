/**
 * What Vite's `transformIndexHtml` adds to a bare page (`<html><head></head><body></body></html>`)
 * in the dev server's config (bundle/viteConfig.ts): React Refresh's preamble (@vitejs/plugin-react)
 * and Vite's client, at the start of the head; nothing in the body.
 *
 * Why a copy: the dev server answers its first page before Vite has started (see coldStart.ts);
 * the page's scripts then load once Vite is up. Once Vite is up its own transform is used, and
 * tests/unit/engine/server/earlyAnswers.test.ts checks this copy against it, so an upgrade of Vite or
 * the React plugin that changes the tags fails there rather than in a reader's first page.
 */
export function viteShellTags(base: string): { head: string; body: string } {
  const preamble =
    `import { injectIntoGlobalHook } from "${base}@react-refresh";\ninjectIntoGlobalHook(window);\n` +
    `window.$RefreshReg$ = () => {};\nwindow.$RefreshSig$ = () => (type) => type;`
  return {
    head:
      `\n  <script type="module">${preamble}</script>\n\n` +
      `  <script type="module" src="${base}@vite/client"></script>\n`,
    body: '',
  }
}
