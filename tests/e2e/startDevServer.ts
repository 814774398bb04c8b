import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const bin = path.resolve(import.meta.dirname, '../../bin/sheaf.js')

/** Starts `sheaf dev` for the site in `cwd` on 127.0.0.1:`port` and waits (up to a minute) until `isUp` says it answers. */
export async function startDevServer(cwd: string, port: number, isUp: () => Promise<boolean>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [bin, 'dev', '--port', String(port)], { cwd, stdio: 'ignore' })
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if (await isUp()) return server
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill()
  throw new Error('the dev server did not start')
}
