import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createViteConfig } from '../../../../engine/bundle/viteConfig.ts'
import { devStyleUrl } from '../../../../engine/server/devStyles.ts'
import { plainStylesheet } from '../../../../engine/server/plainStylesheet.ts'
import { viteShellTags } from '../../../../engine/server/viteShell.ts'

// What the dev server answers before Vite has started must be what Vite answers once it has.
const themeStyles = path.resolve(import.meta.dirname, '../../../../site/theme/styles/index.css')
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-early-'))
const normalized = (css: string) => css.replace(/\s+/g, ' ').trim()

describe("the dev server's answers before Vite has started", () => {
  const servers: Awaited<ReturnType<typeof createServer>>[] = []
  const vite = async (base: string) => {
    // (With HMR on a server, as the dev server's: without it the React plugin adds no preamble.)
    const server = await createServer({
      ...createViteConfig({ root, base, publicDir: path.join(root, 'public'), mode: 'development' }),
      appType: 'custom',
      cacheDir: path.join(root, '.vite'),
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { middlewareMode: true, hmr: { server: http.createServer() }, watch: null, fs: { strict: false } },
    })
    servers.push(server)
    return server
  }
  beforeAll(() => fs.mkdirSync(path.join(root, 'public'), { recursive: true }))
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    fs.rmSync(root, { recursive: true, force: true })
  })

  for (const base of ['/', '/docs/']) {
    it(`adds the tags Vite's HTML transform adds to a bare page (base ${base})`, async () => {
      const shell = await (
        await vite(base)
      ).transformIndexHtml('/page', '<!doctype html><html><head></head><body></body></html>')
      const tags = viteShellTags(base)
      expect(shell).toBe(`<!doctype html><html><head>${tags.head}</head><body>${tags.body}</body></html>`)
    })
  }

  it("inlines the theme's stylesheet as Vite serves it to a <link> (the same rules in the same order)", async () => {
    const served = await (await vite('/')).transformRequest(`${devStyleUrl(themeStyles)}?direct`)
    const inlined = plainStylesheet(themeStyles)
    expect(inlined).not.toBeNull()
    expect(normalized(inlined as string)).toBe(normalized(String(served?.code)))
  })

  it(
    'leaves to Vite a stylesheet it would rewrite: url(), an import of a package or with a condition, ' +
      'a preprocessor, a cycle, a missing file',
    () => {
      const dir = fs.mkdtempSync(path.join(root, 'css-'))
      const write = (name: string, text: string) => {
        fs.writeFileSync(path.join(dir, name), text)
        return path.join(dir, name)
      }
      write('plain.css', '.a { color: red; }\n')
      expect(plainStylesheet(write('ok.css', "@import './plain.css';\n.b { color: blue; }\n"))).toBe(
        '.a { color: red; }\n.b { color: blue; }\n',
      )
      expect(plainStylesheet(write('url.css', ".c { background: url('./x.png'); }\n"))).toBeNull()
      expect(plainStylesheet(write('pkg.css', "@import 'some-package/style.css';\n"))).toBeNull()
      expect(plainStylesheet(write('media.css', "@import './plain.css' screen;\n"))).toBeNull()
      expect(plainStylesheet(write('deep.css', "@import './url.css';\n"))).toBeNull()
      expect(plainStylesheet(write('a.css', "@import './b.css';\n"))).toBeNull()
      write('b.css', "@import './a.css';\n")
      expect(plainStylesheet(path.join(dir, 'a.css'))).toBeNull()
      expect(plainStylesheet(write('x.scss', '.d { color: red; }\n'))).toBeNull()
      expect(plainStylesheet(path.join(dir, 'missing.css'))).toBeNull()
    },
  )
})
