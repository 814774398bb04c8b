import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config/loadConfig.ts'
import { SheafError } from '../errors.ts'
import type { CommandContext } from './commandLine.ts'

/** `sheaf preview`: serves the built site until stopped. */
export async function previewCommand({ root, values }: CommandContext, port: number | undefined): Promise<number> {
  const { startStaticServer } = await import('../server/staticServer.ts')
  const config = await loadConfig(root, values.config)
  const previewPort = port ?? config.previewPort
  const dir = values.out ? path.resolve(root, values.out) : config.outDir
  if (!fs.existsSync(dir)) {
    throw new SheafError(`Nothing to preview: ${path.relative(root, dir) || dir} does not exist.`, {
      hint:
        'build the site first (`sheaf build`, or `npm run build`), ' +
        'or pass --out <dir> to preview a build made elsewhere.',
    })
  }
  await startStaticServer({ dir, base: config.base, port: previewPort })
  console.log(`Serving ${path.relative(root, dir) || dir} at http://127.0.0.1:${previewPort}${config.base}`)
  // The server sends the build's _headers (its Content-Security-Policy); a build from before it had one sends none.
  if (config.csp && !fs.existsSync(path.join(dir, '_headers')))
    console.warn(
      `No _headers in ${path.relative(root, dir) || dir}: ` +
        `run \`sheaf build\` to preview the site under its Content-Security-Policy.`,
    )
  return await new Promise<number>(() => undefined)
}
