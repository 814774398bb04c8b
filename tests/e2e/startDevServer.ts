import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const bin = path.resolve(import.meta.dirname, '../../bin/sheaf.js')

/**
 * Starts `sheaf dev` for the site in `cwd` on 127.0.0.1:`port` and waits (up to 50 s, inside the 60 s hook timeout)
 * until `isUp` says it answers. A server that exits first fails at once with what it printed, and a probe that
 * hangs counts as not up yet: the failure names its cause instead of a hook timeout a minute later.
 */
export async function startDevServer(cwd: string, port: number, isUp: () => Promise<boolean>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [bin, 'dev', '--port', String(port)], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // Drained as it comes (a full pipe would stall the server); the last 4 KB kept for the message.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4096))
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  let exited: number | null | undefined
  server.once('exit', (code) => (exited = code))
  const deadline = Date.now() + 50_000
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`sheaf dev in ${cwd} exited with ${exited} before it answered:\n${output}`)
    const probe = isUp().catch(() => false)
    const up = await Promise.race([probe, new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000))])
    if (up) return server
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill()
  throw new Error(`sheaf dev in ${cwd} did not answer on port ${port} within 50 s:\n${output}`)
}
