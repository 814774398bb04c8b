import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { median } from './measure.ts'

const root = path.resolve(import.meta.dirname, '..')
/**
 * The shared bench folder (peers, corpus generator); SHEAF_SHARED_BENCH names a copy (one whose peers are installed).
 */
const sharedBench = process.env.SHEAF_SHARED_BENCH ?? path.resolve(root, '../shared/bench')

/**
 * The corpus's site folder; SHEAF_BENCH_CORPUS_SITE names a copy (a cold start removes its .sheaf-cache, which builds
 * of the corpus share).
 */
const corpusSite = process.env.SHEAF_BENCH_CORPUS_SITE ?? path.join(root, 'bench/corpus-site')

/** Peers whose dev start is measured beside Sheaf's, when installed (/work/shared/bench/peers/<name>). */
const peers = [
  { name: 'rspress1', label: 'Rspress 1.47' },
  { name: 'vitepress', label: 'VitePress' },
]

interface DevCase {
  name: string
  cwd: string
  env: Record<string, string>
  route: string
  /** The markdown file edited (a line appended) for the save-to-screen times. */
  file: string
  edits: number
}

/**
 * `npm run bench -- dev [--edits 20] [--sizes 1000,5000]`: the dev server's cold start (caches
 * removed), from its launch until Chromium, asking for the page from then on, shows it styled
 * (the first frame with the theme's stylesheet applied) and until it has hydrated (with when
 * the HTML's first byte came, the 200 this bench measured until it was found to come long before
 * anything a reader could use: see bench/README.md), when its background pass (the full load:
 * every body, links and checks) is done, and save-to-updated-page latency (in Chromium, from
 * writing a markdown file until the open page shows the edit: median and p95 of `--edits` saves,
 * made once the background pass is done), a restart's first page (the caches the first run left
 * kept), on this site and on the synthetic corpus at each size;
 * the pages the server re-queried per save (its log); and VitePress's and Rspress 1.47's dev start
 * on the same corpus when they are installed.
 *
 * `--first-page <n>`: only the cold start's first page, `n` times per case (each with its caches
 * removed), each run's times and their medians: for pairing a change with the code before it, runs
 * alternating between two checkouts (see bench/README.md, "Dev server cold start").
 */
export async function runDevBench(argv: string[]): Promise<void> {
  const option = (name: string, fallback: string) =>
    argv.includes(name) ? String(argv[argv.indexOf(name) + 1]) : fallback
  const edits = Number(option('--edits', '20'))
  const sizes = option('--sizes', '1000,5000').split(',').map(Number)
  // `--corpus-only`: without this site's case (which removes the repository's own .sheaf-cache, as a cold start must).
  const cases: DevCase[] = argv.includes('--corpus-only')
    ? []
    : [
        {
          name: 'this site',
          cwd: root,
          env: {},
          route: '/react-native-testing-library/docs/api/render',
          file: path.join(root, 'content/13.x/docs/api/render.md'),
          edits,
        },
      ]
  for (const size of sizes) {
    const corpus = corpusOf(size)
    // (SHEAF_BENCH_DEV_DIR: a folder of one's own, so two runs at once do not replace each other's copy.)
    const work = `${process.env.SHEAF_BENCH_DEV_DIR ?? '/tmp/docsite-bench'}/sheaf-dev-${size}`
    fs.rmSync(work, { recursive: true, force: true })
    fs.cpSync(corpus, `${work}/content/1.0`, { recursive: true })
    // Edits at every size would take long at 5,000: the first size gets them, the others a few.
    const count = size === sizes[0] ? edits : Math.min(edits, 5)
    cases.push({
      name: `corpus-${size}`,
      cwd: corpusSite,
      env: { BENCH_CORPUS: `${work}/content` },
      route: '/part-1/group-1/page-1',
      file: `${work}/content/1.0/part-1/group-1/page-1.md`,
      edits: count,
    })
  }
  // Launched before any server: its start is no part of a server's.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  if (argv.includes('--first-page')) {
    try {
      for (const [index, item] of cases.entries())
        await firstPageRuns(browser, item, 5400 + index, Number(option('--first-page', '5')))
    } finally {
      await browser.close()
    }
    return
  }
  for (const [index, item] of cases.entries()) {
    // (Retried: another process building this site may be writing into it.)
    fs.rmSync(path.join(item.cwd, '.sheaf-cache'), { recursive: true, force: true, maxRetries: 10 })
    const port = 5400 + index
    const log: string[] = []
    const tab = await openTab(browser)
    const started = performance.now()
    let backgroundDone: number | null = null
    // With its start's steps traced (engine/server/startTrace.ts): when it listened.
    const server = spawn(process.execPath, [path.join(root, 'bin/sheaf.js'), 'dev', '--port', String(port)], {
      cwd: item.cwd,
      env: { ...process.env, ...item.env, SHEAF_DEV_TRACE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout.on('data', (chunk: Buffer) => {
      const lines = String(chunk).split('\n')
      log.push(...lines)
      // The background pass's swap (or the full rebuild that replaces a result older than a save).
      if (backgroundDone === null && lines.some((line) => /the site \((background pass|after quick edits)/.test(line)))
        backgroundDone = performance.now()
    })
    server.stderr.on('data', () => undefined)
    const url = `http://127.0.0.1:${port}${item.route}`
    try {
      const first = await firstPageInChromium(tab, url, server, started)
      // CPU time of the server (all its threads) to the hydrated first page: what the start
      // costs, less dependent than the wall time on what else the shared machine runs.
      const cpu = cpuSeconds(server.pid)
      await waitUntil(() => backgroundDone !== null, server, `the background pass of ${url}`)
      const background = ((backgroundDone ?? started) - started) / 1000
      const before = log.length
      const times = await measureUpdates(browser, url, item.file, item.edits)
      const listening = log
        .map((line) => /trace (\d+) ms(?: \(cpu \d+ ms\))?: listening/.exec(line)?.[1])
        .find((ms) => ms !== undefined)
      const requeried = log
        .slice(before)
        .map((line) => /changed: (\d+) pages? to re-query/.exec(line)?.[1])
        .filter((count) => count !== undefined)
        .map(Number)
      server.kill()
      const restart = await restartTime(browser, item, port, url)
      console.log(
        `${item.name.padEnd(12)} dev cold start: first page styled at ${first.styled.toFixed(2)} s, ` +
          `hydrated at ${first.hydrated.toFixed(2)} s (${cpu === null ? '-' : cpu.toFixed(2)} s of CPU; ` +
          `its HTML's first byte at ${first.html.toFixed(2)} s; ` +
          `listening at ${listening === undefined ? '-' : (Number(listening) / 1000).toFixed(2)} s), ` +
          `background pass done at ${background.toFixed(2)} s; restart (.sheaf-cache kept) ` +
          `styled at ${restart.styled.toFixed(2)} s, ` +
          `hydrated at ${restart.hydrated.toFixed(2)} s (${restart.cpu === null ? '-' : restart.cpu.toFixed(2)} ` +
          `s of CPU); save-to-updated page median ${Math.round(median(times))} ms, ` +
          `p95 ${Math.round(percentile(times, 0.95))} ms (${times.length} edits); ` +
          `pages re-queried per save: ${requeried.length ? `median ${median(requeried)}, max ${Math.max(...requeried)}` : '-'}`,
      )
    } finally {
      server.kill()
    }
  }
  await browser.close()
  for (const size of sizes) {
    for (const peer of peers) {
      if (!fs.existsSync(path.join(sharedBench, 'peers', peer.name, 'node_modules'))) {
        console.log(`${peer.label.padEnd(12)} not installed (${path.join(sharedBench, 'peers', peer.name)})`)
        continue
      }
      const result = spawnSync('bash', [path.join(sharedBench, 'dev-start.sh'), peer.name, corpusOf(size), '5480'], {
        encoding: 'utf8',
      })
      console.log(`${peer.label.padEnd(12)} dev cold start (corpus-${size}): ${result.stdout.trim().split('\n').pop()}`)
    }
  }
}

/**
 * `runs` cold starts of a case's first page (its .sheaf-cache removed before each): each run's
 * times (with when the server listened, from its trace) and the medians.
 */
async function firstPageRuns(browser: Browser, item: DevCase, port: number, runs: number): Promise<void> {
  const results: (FirstPage & { listening: number; cpu: number })[] = []
  for (let run = 0; run < runs; run++) {
    fs.rmSync(path.join(item.cwd, '.sheaf-cache'), { recursive: true, force: true, maxRetries: 10 })
    const tab = await openTab(browser)
    const started = performance.now()
    let output = ''
    const server = spawn(process.execPath, [path.join(root, 'bin/sheaf.js'), 'dev', '--port', String(port)], {
      cwd: item.cwd,
      env: { ...process.env, ...item.env, SHEAF_DEV_TRACE: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    server.stdout.on('data', (chunk: Buffer) => (output += String(chunk)))
    try {
      const first = await firstPageInChromium(tab, `http://127.0.0.1:${port}${item.route}`, server, started)
      const listening = Number(/trace (\d+) ms(?: \(cpu \d+ ms\))?: listening/.exec(output)?.[1] ?? Number.NaN) / 1000
      results.push({ ...first, listening, cpu: cpuSeconds(server.pid) ?? Number.NaN })
      const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
      console.log(
        `${item.name.padEnd(12)} run ${run + 1}: listening ${listening.toFixed(2)} s, ` +
          `HTML ${first.html.toFixed(2)} s, styled ${first.styled.toFixed(2)} s, ` +
          `hydrated ${first.hydrated.toFixed(2)} s (${results.at(-1)?.cpu.toFixed(2)} s of CPU; load ${load})`,
      )
    } finally {
      server.kill()
      // Its port is free again once it has exited.
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  const of = (pick: (result: (typeof results)[number]) => number) => median(results.map(pick)).toFixed(2)
  console.log(
    `${item.name.padEnd(12)} medians of ${runs}: listening ${of((r) => r.listening)} s, ` +
      `HTML ${of((r) => r.html)} s, styled ${of((r) => r.styled)} s, ` +
      `hydrated ${of((r) => r.hydrated)} s (${of((r) => r.cpu)} s of CPU)`,
  )
}

/**
 * A restart's first page: the server started again in the same site once the first has stopped,
 * with the caches it left (.sheaf-cache: transformed pages, Vite's pre-bundled dependencies, the
 * theme's bundle), as a writer restarts it. Its first page and CPU, measured as the cold start's.
 */
async function restartTime(
  browser: Browser,
  item: DevCase,
  port: number,
  url: string,
): Promise<FirstPage & { cpu: number | null }> {
  // The first server's port is free again once it has exited.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const tab = await openTab(browser)
  const started = performance.now()
  const server = spawn(process.execPath, [path.join(root, 'bin/sheaf.js'), 'dev', '--port', String(port)], {
    cwd: item.cwd,
    env: { ...process.env, ...item.env },
    stdio: ['ignore', 'ignore', 'ignore'],
  })
  try {
    const first = await firstPageInChromium(tab, url, server, started)
    return { ...first, cpu: cpuSeconds(server.pid) }
  } finally {
    server.kill()
  }
}

/** The synthetic corpus of `size` pages (generated once into /tmp/docsite-bench/). */
function corpusOf(size: number): string {
  const corpus = `/tmp/docsite-bench/corpus-${size}`
  if (!fs.existsSync(corpus))
    spawnSync('node', [path.join(sharedBench, 'gen-corpus.mjs'), corpus, String(size)], { stdio: 'ignore' })
  return corpus
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number
}

/** User and system CPU seconds of a process so far (Linux: /proc/<pid>/stat, 100 ticks a second), or null. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** Waits (up to ten minutes) until `done` says so, or fails when the server exits. */
async function waitUntil(done: () => boolean, server: ChildProcess, what: string): Promise<void> {
  for (let attempt = 0; attempt < 6000; attempt++) {
    if (done()) return
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the dev server exited (${server.exitCode ?? server.signalCode}) before ${what} was done`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} was never done`)
}

/** Seconds from the server's launch: its HTML's first byte, its first styled frame, its hydration. */
interface FirstPage {
  html: number
  styled: number
  hydrated: number
}

/** How long a new tab is left before the server it measures is launched (see openTab). */
const tabSettleMs = 2000

/** A tab in its own context, with the check that records the first styled frame. */
interface Tab {
  context: BrowserContext
  page: Page
}

/**
 * Opens the tab a start is measured in before the server is launched, and lets Chromium settle,
 * as a writer's browser is open and idle before they start the server. A new context and page
 * cost Chromium one to two seconds of CPU over the next second (`ps` of its processes), which on
 * this two-core machine the server starting beside it paid for: N=1,000 corpus, the server
 * listened at 0.88-0.95 s and answered at 2.04-2.10 s with the tab 0.5 s old, at 0.36-0.52 s and
 * 1.51-1.77 s with it 2 s old (scratch runs, 3 each). The peers' starts are timed with curl.
 */
async function openTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext()
  const page = await context.newPage()
  // Checked before each frame is painted, in the page's own clock (performance.timeOrigin + now).
  await page.addInitScript(() => {
    const record = window as unknown as { __sheafStyledAt?: number }
    const check = () => {
      const styled = [...document.styleSheets].some((sheet) => {
        try {
          return sheet.cssRules.length > 0
        } catch {
          return false
        }
      })
      if (styled && document.body) record.__sheafStyledAt = performance.timeOrigin + performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  await page.goto('about:blank')
  await new Promise((resolve) => setTimeout(resolve, tabSettleMs))
  return { context, page }
}

/**
 * The first page as a reader gets it, in a tab opened before the server's launch (openTab): once
 * the port takes connections, Chromium asks for `url` every 25 ms until the server answers it
 * (200), then the times (in seconds since `started`, the server's launch) when its
 * response began, when a frame first had a stylesheet with rules in it (the dev server's theme
 * CSS comes through Vite: until then the page is unstyled HTML) and when the client had hydrated
 * it (`data-sheaf-hydrated`).
 */
async function firstPageInChromium(
  { context, page }: Tab,
  url: string,
  server: ChildProcess,
  started: number,
): Promise<FirstPage> {
  try {
    // performance.now() here and Date.now() in the page are both wall clocks: the page's times are taken relative to
    // this.
    const startedAt = Date.now() - (performance.now() - started)
    // Until the port takes connections, asked with a bare TCP connect, not by Chromium: a failed
    // navigation every 25 ms kept a core of this two-core machine busy rendering error pages, and
    // the server it waited for listened 1-2 s later than alone. A writer, too, opens the page once
    // the server is up.
    await waitForPort(new URL(url), server)
    for (let attempt = 0; ; attempt++) {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`the dev server for ${url} exited (${server.exitCode ?? server.signalCode})`)
      if (attempt > 24_000) throw new Error(`${url} never answered 200`)
      const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 }).catch(() => null)
      if (response?.status() === 200) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await page.locator('html[data-sheaf-hydrated]').waitFor({ timeout: 600_000 })
    const hydrated = (performance.now() - started) / 1000
    const times = await page.evaluate(() => ({
      html:
        performance.timeOrigin +
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart,
      styled: (window as unknown as { __sheafStyledAt?: number }).__sheafStyledAt ?? Number.NaN,
    }))
    return { html: (times.html - startedAt) / 1000, styled: (times.styled - startedAt) / 1000, hydrated }
  } finally {
    await context.close()
  }
}

/** Save-to-screen times of `count` saves, each appending a new line to `file` while `url` is open. */
async function measureUpdates(browser: Browser, url: string, file: string, count: number): Promise<number[]> {
  const context = await browser.newContext()
  const original = fs.readFileSync(file, 'utf8')
  const times: number[] = []
  try {
    const page = await context.newPage()
    // (A big site's emitted files, made once the background pass is done, can hold the server for a while.)
    await page.goto(url, { timeout: 180_000 })
    await page.waitForLoadState('networkidle', { timeout: 180_000 })
    for (let index = 0; index < count; index++)
      times.push(
        await timeOneSave(page, file, `${original}\n\nEdited ${index} at ${Date.now()}\n`, `Edited ${index} at`),
      )
  } finally {
    fs.writeFileSync(file, original)
    await context.close()
  }
  return times
}

async function timeOneSave(page: Page, file: string, content: string, marker: string): Promise<number> {
  const started = performance.now()
  fs.writeFileSync(file, content)
  await page.getByText(marker).waitFor({ timeout: 30_000 })
  const elapsed = performance.now() - started
  // A pause between saves, as between a writer's saves (and the emitted files' debounce).
  await page.waitForTimeout(300)
  return elapsed
}

/** Resolves once `url`'s port accepts a TCP connection (asked every 25 ms). */
async function waitForPort(url: URL, server: ChildProcess): Promise<void> {
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) return
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname)
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
