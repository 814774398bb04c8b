import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { countFiles, createResults, measure, median } from './measure.ts'

/**
 * `npm run bench [-- site|build|search|dev|payload|large|site-proxy] [--sizes 100,1000,5000] [--peers
 * rspress1,vitepress] [--runs 3]`
 *
 * Builds the synthetic corpus (../shared/bench/gen-corpus.mjs) with Sheaf and,
 * when installed (`../shared/bench/peers/<name>/node_modules`), with each peer,
 * interleaved in the same run, and prints per N: median wall time, peak
 * memory, pages per second, Sheaf's ratio to each peer, and Sheaf's
 * one-page-changed rebuild. Figures are whole-process, from GNU time.
 */
export async function runBench(argv: string[]): Promise<void> {
  const command = ['build', 'search', 'dev', 'payload', 'site', 'large', 'site-proxy'].includes(argv[0])
    ? argv[0]
    : 'site'
  const flag = (name: string, fallback: string) => {
    const index = argv.indexOf(`--${name}`)
    return index === -1 ? fallback : argv[index + 1]
  }
  if (command === 'search') {
    const { runSearchBench } = await import('./search.ts')
    await runSearchBench(argv)
    return
  }
  if (command === 'site') {
    const { runSiteBench } = await import('./realSite.ts')
    await runSiteBench(argv)
    return
  }
  if (command === 'site-proxy') {
    const { runSiteProxyBench } = await import('./site.ts')
    await runSiteProxyBench(argv)
    return
  }
  if (command === 'large') {
    const { runLargeInputBench } = await import('./largeInput.ts')
    await runLargeInputBench()
    return
  }
  if (command === 'payload') {
    const { runPayloadBench } = await import('./payload.ts')
    await runPayloadBench()
    return
  }
  if (command === 'dev') {
    const { runDevBench } = await import('./dev.ts')
    await runDevBench(argv)
    return
  }
  // The three sizes of the issue that asked for this bench; a big size runs once (a peer takes minutes there).
  const sizes = flag('sizes', '100,1000,5000').split(',').map(Number)
  const runs = Number(flag('runs', '3'))
  const peers = flag('peers', 'rspress1,vitepress,rspress,docusaurus')
    .split(',')
    .filter((peer) => fs.existsSync(path.join(peersDir, peer, 'node_modules')))
  console.log(
    `Sheaf bench: sizes ${sizes.join(', ')}; peers ` +
      `installed: ${peers.join(', ') || 'none (run ../shared/bench/setup.sh)'}; runs ${runs}`,
  )
  for (const size of sizes) await benchSize(size, size > 1000 ? 1 : runs, peers)
}

const root = path.resolve(import.meta.dirname, '..')
/**
 * The shared bench folder (peers, corpus generator); SHEAF_SHARED_BENCH names a copy (one whose peers are installed),
 * as in dev.ts.
 */
const sharedBench = process.env.SHEAF_SHARED_BENCH ?? path.resolve(root, '../shared/bench')
const peersDir = path.join(sharedBench, 'peers')
const siteDir = path.join(root, 'bench/corpus-site')

async function benchSize(size: number, runs: number, peers: string[]): Promise<void> {
  const corpus = `/tmp/docsite-bench/corpus-${size}`
  if (!fs.existsSync(corpus))
    execFileSync('node', [path.join(sharedBench, 'gen-corpus.mjs'), corpus, String(size)], { stdio: 'ignore' })
  const work = `/tmp/docsite-bench/sheaf-${size}`
  const { results, record } = createResults()
  for (let run = 0; run < runs; run++) {
    // Sheaf: a copy of the corpus (as the peers copy theirs), caches removed, cold build: the client
    // bundle's too (node_modules/.cache/sheaf), as after `npm ci`.
    fs.rmSync(work, { recursive: true, force: true })
    fs.cpSync(corpus, `${work}/content/1.0`, { recursive: true })
    fs.rmSync(path.join(siteDir, '.sheaf-cache'), { recursive: true, force: true })
    fs.rmSync(path.join(root, 'node_modules/.cache/sheaf'), { recursive: true, force: true })
    const sheaf = measure('node', [path.join(root, 'bin/sheaf.js'), 'build', '--quiet'], {
      cwd: siteDir,
      env: { BENCH_CORPUS: `${work}/content`, BENCH_OUT: `${work}/out` },
    })
    if (!sheaf.ok) throw new Error(`Sheaf build failed:\n${sheaf.output}`)
    const pages = countFiles(`${work}/out`, '.html')
    if (pages < size + 1) throw new Error(`Sheaf wrote ${pages} HTML files for ${size} pages`)
    record('sheaf', sheaf.wallSeconds, sheaf.peakMb)
    for (const peer of peers) {
      const out = `/tmp/docsite-bench/${peer}-${size}-out`
      fs.rmSync(out, { recursive: true, force: true })
      const result = measure('bash', [path.join(peersDir, peer, 'build.sh'), corpus, out], {
        cwd: path.join(peersDir, peer),
      })
      if (result.ok) record(peer, result.wallSeconds, result.peakMb)
      else console.log(`  ${peer} failed at N=${size}: ${result.output.split('\n').slice(-3).join(' ')}`)
    }
  }
  const rebuild = measureRebuild(size, work)
  console.log(`\nN = ${size} (${runs} run${runs > 1 ? 's' : ''}, medians)`)
  console.log('engine        wall s   peak MB   pages/s   Sheaf/engine (wall)')
  const sheafWall = median(results.get('sheaf')?.wall ?? [])
  for (const [name, entry] of results) {
    const wall = median(entry.wall)
    const ratio = name === 'sheaf' ? '' : (sheafWall / wall).toFixed(2)
    console.log(
      `${name.padEnd(12)} ${wall.toFixed(1).padStart(7)} ${String(median(entry.peak)).padStart(9)} ${(size / wall).toFixed(0).padStart(9)}   ${ratio}`,
    )
  }
  console.log(
    `sheaf rebuild after a one-page edit: ${rebuild.wallSeconds.toFixed(2)} s wall ` +
      `(engine ${rebuild.engineMs} ms), ${rebuild.changedFiles} output files changed, peak ${rebuild.peakMb} MB`,
  )
}

/** Appends a sentence to page N/2 and rebuilds with the cache kept; counts output files that changed. */
function measureRebuild(size: number, work: string) {
  const before = snapshot(`${work}/out`)
  const target = findPage(`${work}/content`, Math.max(1, Math.floor(size / 2)))
  fs.appendFileSync(target, `\n\nA fresh sentence with marker-${Date.now()}.\n`)
  const result = measure('node', [path.join(root, 'bin/sheaf.js'), 'build'], {
    cwd: siteDir,
    env: { BENCH_CORPUS: `${work}/content`, BENCH_OUT: `${work}/out` },
  })
  if (!result.ok) throw new Error(`Sheaf rebuild failed:\n${result.output}`)
  const after = snapshot(`${work}/out`)
  let changedFiles = 0
  for (const [file, digest] of after) if (before.get(file) !== digest) changedFiles++
  const engineMs = /built \d+ pages in ([\d.]+) (m?s)/.exec(result.output)
  return {
    ...result,
    changedFiles,
    engineMs: engineMs ? Math.round(Number(engineMs[1]) * (engineMs[2] === 's' ? 1000 : 1)) : -1,
  }
}

function findPage(dir: string, index: number): string {
  const found = execFileSync('bash', ['-c', `find "${dir}" -name 'page-${index}.md' | head -1`], {
    encoding: 'utf8',
  }).trim()
  if (!found) throw new Error(`No page-${index}.md in ${dir}`)
  return found
}

function snapshot(dir: string): Map<string, string> {
  const out = execFileSync('bash', ['-c', `cd "${dir}" && find . -type f -print0 | xargs -0 sha1sum`], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  return new Map(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(42), line.slice(0, 40)]),
  )
}
