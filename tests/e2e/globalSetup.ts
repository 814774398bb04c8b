import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Server } from 'node:http'
import { startStaticServer } from '../../engine/server/staticServer.ts'
import { outDirName, sites } from './sites.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** Builds each site once with the real CLI, serves it, and returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const servers: Server[] = []
  for (const site of Object.values(sites)) {
    const cwd = path.resolve(root, site.dir)
    if (!process.env.SHEAF_E2E_SKIP_BUILD) {
      execFileSync(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--quiet', '--out', outDirName], { cwd, stdio: 'inherit' })
    }
    servers.push(await startStaticServer({ dir: path.join(cwd, outDirName), base: site.base, port: site.port }))
  }
  return async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  }
}
