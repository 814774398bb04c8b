import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Server } from 'node:http'
import { startStaticServer } from '../../engine/server/staticServer.ts'
import { compileIfStale } from '../../scripts/compile.mjs'
import { outDirName, selectedSites, sites, type SiteName } from './sites.ts'
import { closeServer } from './closeServer.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** Builds a site with the real CLI; rejects with its exit code (the build's own message is on stderr). */
function buildSite(name: SiteName): Promise<void> {
  const cwd = path.resolve(root, sites[name].dir)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--quiet', '--out', outDirName], {
      cwd,
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`sheaf build of ${sites[name].dir} exited with ${code}`)),
    )
  })
}

/**
 * Builds every site in two lanes that take the next site from one queue, the RNTL site (the
 * largest) first, so both cores stay busy until the last build: on a clean clone (no caches) the
 * six small fixtures together take longer than the RNTL site (about 22 s against 13 s on the
 * shared machine), so a lane of their own would finish last, alone. The engine is compiled first,
 * once: concurrent `sheaf` commands would otherwise each find it stale and compile into the same
 * dist/ at once.
 */
async function buildAll(): Promise<void> {
  await compileIfStale()
  const selected = selectedSites()
  const queue = [...selected.filter((name) => name === 'rntl'), ...selected.filter((name) => name !== 'rntl')]
  const lane = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) await buildSite(name)
  }
  await Promise.all([lane(), lane()])
}

/** Builds each site once with the real CLI, serves it, and returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.SHEAF_E2E_SKIP_BUILD) await buildAll()
  const servers: Server[] = []
  for (const site of selectedSites().map((name) => sites[name])) {
    servers.push(
      await startStaticServer({ dir: path.join(root, site.dir, outDirName), base: site.base, port: site.port }),
    )
  }
  return async () => {
    await Promise.all(servers.map(closeServer))
  }
}
