import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startStaticServer } from '../engine/server/staticServer.ts'

const root = path.resolve(import.meta.dirname, '..')

/**
 * `npm run bench -- payload`: what a reader downloads for a doc page on the
 * built site (build/): first-load JS and CSS (raw and gzip), the page data
 * inlined in the HTML, and the bytes of a client navigation to a second page.
 */
export async function runPayloadBench(): Promise<void> {
  const port = 4390
  const server = await startStaticServer({
    dir: path.join(root, 'build'),
    base: '/react-native-testing-library/',
    port,
  })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    const seen: { url: string; type: string; raw: number; gzip: number }[] = []
    page.on('response', async (response) => {
      const url = response.url()
      const body = await response.body().catch(() => null)
      if (!body) return
      const type = url.endsWith('.js')
        ? 'js'
        : url.endsWith('.css')
          ? 'css'
          : url.endsWith('.json')
            ? 'data'
            : url.endsWith('.html') || response.headers()['content-type']?.includes('html')
              ? 'html'
              : 'other'
      seen.push({ url, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
    })
    await page.goto(`http://127.0.0.1:${port}/react-native-testing-library/docs/api/queries`)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.waitForLoadState('networkidle')
    const inlineData = await page.evaluate(() => document.getElementById('__SHEAF_DATA__')?.textContent?.length ?? 0)
    const sum = (type: string, field: 'raw' | 'gzip', list = seen) =>
      list.filter((entry) => entry.type === type).reduce((total, entry) => total + entry[field], 0)
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
    console.log('First load of /docs/api/queries')
    console.log(
      `  JS   ${kb(sum('js', 'raw'))} raw, ${kb(sum('js', 'gzip'))} gzip ` +
        `(${seen.filter((entry) => entry.type === 'js').length} files)`,
    )
    for (const entry of seen.filter((file) => file.type === 'js').sort((a, b) => b.gzip - a.gzip)) {
      console.log(`       ${kb(entry.gzip).padStart(8)} gzip  ${new URL(entry.url).pathname.split('/').pop()}`)
    }
    console.log(`  CSS  ${kb(sum('css', 'raw'))} raw, ${kb(sum('css', 'gzip'))} gzip`)
    console.log(
      `  HTML ${kb(sum('html', 'raw'))} raw, ${kb(sum('html', 'gzip'))} gzip, ` +
        `of which inline page data ${kb(inlineData)}`,
    )
    const before = seen.length
    await page.getByRole('link', { name: 'screen', exact: true }).first().click()
    await page.waitForURL(/\/docs\/api\/screen$/)
    await page.waitForLoadState('networkidle')
    const navigation = seen.slice(before)
    // The router may have prefetched the data on hover or in the viewport: measure the file itself.
    const data = await (
      await page.request.get(`http://127.0.0.1:${port}/react-native-testing-library/_sheaf/data/docs/api/screen.json`)
    ).body()
    console.log('Client navigation to /docs/api/screen')
    console.log(
      `  data ${kb(data.length)} raw, ${kb(gzipSync(data, { level: 9 }).length)} gzip; ` +
        `JS ${kb(sum('js', 'gzip', navigation))} gzip (chunks not loaded yet)`,
    )
  } finally {
    await browser.close()
    server.close()
  }
}
