import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { median } from './measure.ts'

const root = path.resolve(import.meta.dirname, '..')
const sharedBench = path.resolve(root, '../shared/bench')

/**
 * `npm run bench -- dev`: the dev server's cold start (until the first page
 * answers 200) and save-to-updated-page latency for a markdown edit (in
 * Chromium, until the edited text is on screen), on this site and on the
 * 1,000-page corpus, beside VitePress and Rspress cold starts when installed.
 */
export async function runDevBench(argv: string[]): Promise<void> {
  const runs = Number(argv[argv.indexOf('--runs') + 1] || 3)
  const corpus = '/tmp/docsite-bench/corpus-1000'
  if (!fs.existsSync(corpus)) spawnSync('node', [path.join(sharedBench, 'gen-corpus.mjs'), corpus, '1000'], { stdio: 'ignore' })
  const work = '/tmp/docsite-bench/sheaf-dev-1000'
  fs.rmSync(work, { recursive: true, force: true })
  fs.cpSync(corpus, `${work}/content/1.0`, { recursive: true })
  const cases = [
    { name: 'this site', cwd: root, env: {}, route: '/react-native-testing-library/docs/api/render', file: path.join(root, 'content/13.x/docs/api/render.md') },
    { name: 'corpus-1000', cwd: path.join(root, 'bench/corpus-site'), env: { BENCH_CORPUS: `${work}/content` }, route: '/part-1/group-1/page-1', file: `${work}/content/1.0/part-1/group-1/page-1.md` },
  ]
  for (const item of cases) {
    const starts: number[] = []
    const updates: number[] = []
    for (let run = 0; run < runs; run++) {
      fs.rmSync(path.join(item.cwd, '.sheaf-cache'), { recursive: true, force: true })
      const port = 5400 + run
      const started = performance.now()
      const server = spawn('node', [path.join(root, 'bin/sheaf.js'), 'dev', '--port', String(port)], { cwd: item.cwd, env: { ...process.env, ...item.env }, stdio: 'ignore' })
      const url = `http://127.0.0.1:${port}${item.route}`
      try {
        await waitFor200(url)
        starts.push((performance.now() - started) / 1000)
        updates.push(await measureUpdate(url, item.file))
      } finally {
        server.kill()
      }
    }
    console.log(`${item.name.padEnd(12)} dev cold start ${median(starts).toFixed(2)} s; save-to-updated page ${Math.round(median(updates))} ms (median of ${runs})`)
  }
  for (const peer of ['vitepress', 'rspress', 'rspress1']) {
    if (!fs.existsSync(path.join(sharedBench, 'peers', peer, 'node_modules'))) continue
    const result = spawnSync('bash', [path.join(sharedBench, 'dev-start.sh'), peer, corpus, '5480'], { encoding: 'utf8' })
    console.log(`${peer.padEnd(12)} dev cold start (corpus-1000): ${result.stdout.trim().split('\n').pop()}`)
  }
}

async function waitFor200(url: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} never answered 200`)
}

async function measureUpdate(url: string, file: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  const original = fs.readFileSync(file, 'utf8')
  try {
    const page = await browser.newPage()
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    const marker = `Edited ${Date.now()}`
    const started = performance.now()
    fs.writeFileSync(file, `${original}\n\n${marker}\n`)
    await page.getByText(marker).waitFor({ timeout: 30_000 })
    return performance.now() - started
  } finally {
    fs.writeFileSync(file, original)
    await browser.close()
  }
}
