import fs from 'node:fs'
import path from 'node:path'
import { countFiles, createResults, measure, median } from './measure.ts'

const root = path.resolve(import.meta.dirname, '..')
const siteDir = path.join(root, 'bench/corpus-site')
/** Rspress 1.20 (the reference site's engine) lives here; Rspress 1.47 in ../shared/bench. */
const peers: Record<string, string> = {
  rspress120: path.join(root, 'bench/peers/rspress120'),
  rspress1: path.resolve(root, '../shared/bench/peers/rspress1'),
}

/**
 * `npm run bench -- site-proxy [--runs 3] [--version 13.x]` (a proxy: see realSite.ts for what users run): this site's
 * docs of one version, built cold by Sheaf (bench/corpus-site: the real theme, sidebar and search) and by each
 * installed Rspress (`npm install` in its folder), interleaved; prints wall medians, peaks and ratios.
 */
export async function runSiteProxyBench(argv: string[]): Promise<void> {
  const flag = (name: string, fallback: string) => {
    const index = argv.indexOf(`--${name}`)
    return index === -1 ? fallback : argv[index + 1]
  }
  const runs = Number(flag('runs', '3'))
  const version = flag('version', '13.x')
  const docs = path.join(root, 'content', version)
  const installed = Object.entries(peers).filter(([, dir]) => fs.existsSync(path.join(dir, 'node_modules')))
  console.log(
    `Site bench: content/${version} (${countFiles(docs, '.md') + countFiles(docs, '.mdx')} pages); ` +
      `peers installed: ${installed.map(([name]) => name).join(', ') || 'none'}; runs ${runs}`,
  )
  const work = '/tmp/sheaf-site-bench'
  const { results, record } = createResults()
  for (let run = 0; run < runs; run++) {
    // Sheaf builds the version as the corpus site's single version, with the site's public folder.
    fs.rmSync(work, { recursive: true, force: true })
    fs.cpSync(docs, `${work}/content/1.0`, { recursive: true })
    fs.cpSync(path.join(root, 'content/public'), `${work}/content/1.0/public`, { recursive: true })
    fs.rmSync(path.join(siteDir, '.sheaf-cache'), { recursive: true, force: true })
    const sheaf = measure('node', [path.join(root, 'bin/sheaf.js'), 'build', '--quiet'], {
      cwd: siteDir,
      env: { BENCH_CORPUS: `${work}/content`, BENCH_OUT: `${work}/out` },
    })
    if (!sheaf.ok) throw new Error(`Sheaf build failed:\n${sheaf.output}`)
    record('sheaf', sheaf.wallSeconds, sheaf.peakMb)
    for (const [name, dir] of installed) {
      const out = `${work}-${name}`
      fs.rmSync(out, { recursive: true, force: true })
      const result = measure('bash', [path.join(dir, 'build.sh'), docs, out], { cwd: dir })
      if (result.ok && countFiles(out, '.html') > 0) record(name, result.wallSeconds, result.peakMb)
      else console.log(`  ${name} failed: ${result.output.split('\n').slice(-3).join(' ')}`)
    }
  }
  console.log('engine        wall s   peak MB   Sheaf/engine (wall)   each run (s)')
  const sheafWall = median(results.get('sheaf')?.wall ?? [])
  for (const [name, entry] of results) {
    const wall = median(entry.wall)
    const ratio = name === 'sheaf' ? '' : (sheafWall / wall).toFixed(2)
    console.log(
      `${name.padEnd(12)} ${wall.toFixed(2).padStart(7)} ${String(median(entry.peak)).padStart(9)}  ` +
        ` ${ratio.padEnd(19)} ${entry.wall.map((value) => value.toFixed(2)).join(' ')}`,
    )
  }
}
