// A worker of the dev server's cold start (see devServer.ts): Vite's dependency pre-bundling,
// done while the main thread reads the outline and answers the first page.
import type { DevViteParams } from './devViteConfig.ts'

/**
 * Pre-bundles the dev server's dependencies into its Vite cache folder, as the server's own
 * optimizer would at its start: the same config (devViteConfig.ts), so the server finds them
 * there, keyed by the same hash, and does not scan or bundle again. A failure is left to the
 * server's optimizer, which runs as it always did and reports it.
 */
export default async function optimizeDevDeps(params: DevViteParams): Promise<void> {
  const [{ createLogger, optimizeDeps, resolveConfig }, { devViteConfig }] = await Promise.all([import('vite'), import('./devViteConfig.ts')])
  const logger = createLogger('warn')
  // (Vite warns that calling its optimizer by hand is deprecated: here it is the server's own run, ahead of it.)
  const customLogger = { ...logger, warn: (message: string, options?: Parameters<typeof logger.warn>[1]) => void (/optimizeDeps is deprecated/.test(message) ? undefined : logger.warn(message, options)) }
  const config = await resolveConfig({ ...devViteConfig(params), customLogger }, 'serve', 'development', 'development')
  await optimizeDeps(config)
}
