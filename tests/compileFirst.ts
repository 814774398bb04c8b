// Vitest's global setup: the tests load the compiled engine (dist/, see vitest.config.ts), so
// sources edited since the last compile are compiled before any test runs.
import { compileIfStale } from '../scripts/compile.mjs'

export default async function compileFirst(): Promise<void> {
  await compileIfStale()
}
