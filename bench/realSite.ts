import fs from 'node:fs'
import path from 'node:path'
import { countFiles, createResults, measure, median } from './measure.ts'

const root = path.resolve(import.meta.dirname, '..')
const rspress120 = path.join(root, 'bench/peers/rspress120')

/**
 * `npm run bench -- site [--runs 5]`: what a user of this repository runs, against the engine the
 * reference site is built with, in the same run:
 * - Sheaf, cold: `rm -rf .sheaf-cache .sheaf build && node bin/sheaf.js build` (what `npm run build` runs),
 *   every plugin of site/config.ts on, both versions;
 * - Sheaf, first build after `npm ci`: the same, also without `node_modules/.cache`;
 * - Rspress 1.20 (`bench/peers/rspress120`, `npm install` there once) building content/ as a
 *   two-version site under the same base, its caches removed (build.sh), which for Rspress is both.
 * Prints wall medians, peaks and the two ratios the performance issue tracks.
 */
export async function runSiteBench(argv: string[]): Promise<void> {
  const index = argv.indexOf('--runs')
  const runs = index === -1 ? 5 : Number(argv[index + 1])
  const peer = fs.existsSync(path.join(rspress120, 'node_modules'))
  console.log(
    `Site bench: this repository's npm run build ` +
      `(${countFiles(path.join(root, 'content'), '.md') + countFiles(path.join(root, 'content'), '.mdx')} ` +
      `pages, two versions); Rspress 1.20 ${peer ? 'installed' : 'not installed (npm install in bench/peers/rspress120)'}; runs ${runs}`,
  )
  const { results, record } = createResults()
  const sheafBuild = (name: string, remove: string[]) => {
    for (const dir of remove) fs.rmSync(path.join(root, dir), { recursive: true, force: true })
    const result = measure('node', [path.join(root, 'bin/sheaf.js'), 'build', '--quiet'], { cwd: root })
    if (!result.ok) throw new Error(`Sheaf build failed:\n${result.output}`)
    record(name, result.wallSeconds, result.peakMb)
  }
  for (let run = 0; run < runs; run++) {
    sheafBuild('sheaf cold', ['.sheaf-cache', '.sheaf', 'build'])
    sheafBuild('sheaf after npm ci', ['.sheaf-cache', '.sheaf', 'build', 'node_modules/.cache'])
    if (!peer) continue
    const out = '/tmp/sheaf-site-bench-rspress120'
    fs.rmSync(out, { recursive: true, force: true })
    const result = measure('bash', [path.join(rspress120, 'build.sh'), path.join(root, 'content'), out], {
      cwd: rspress120,
      env: { BENCH_VERSIONS: '12.x,13.x', BENCH_BASE: '/react-native-testing-library/' },
    })
    if (result.ok && countFiles(out, '.html') > 0) record('rspress 1.20', result.wallSeconds, result.peakMb)
    else console.log(`  Rspress 1.20 failed: ${result.output.split('\n').slice(-3).join(' ')}`)
  }
  const peerWall = median(results.get('rspress 1.20')?.wall ?? [])
  console.log('build                 wall s   peak MB   /Rspress 1.20   each run (s)')
  for (const [name, entry] of results) {
    const wall = median(entry.wall)
    const ratio = peerWall && name !== 'rspress 1.20' ? (wall / peerWall).toFixed(2) : ''
    console.log(
      `${name.padEnd(20)} ${wall.toFixed(2).padStart(7)} ${String(median(entry.peak)).padStart(9)}  ` +
        ` ${ratio.padEnd(13)}   ${entry.wall.map((value) => value.toFixed(2)).join(' ')}`,
    )
  }
}
