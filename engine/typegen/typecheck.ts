import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { packageRoot } from '../packageRoot.ts'
import { typegen } from './typegen.ts'

/**
 * `sheaf typecheck`: the query types are up to date (typegen --check), then the TypeScript
 * compiler checks the site with its tsconfig. The compiler is the site's when it installed one,
 * else the one Sheaf was installed with, so a site made by `sheaf init` checks its templates with
 * no install of its own. Returns the compiler's exit code.
 */
export async function typecheck(root: string, options: { configFile?: string } = {}): Promise<number> {
  await typegen(root, { configFile: options.configFile, check: true })
  const tsc = compilerOf(root) ?? compilerOf(packageRoot)
  if (!tsc) {
    throw new SheafError('No TypeScript compiler found for `sheaf typecheck`.', {
      hint: 'install it in the site: `npm install --save-dev typescript`.',
    })
  }
  return spawnSync(process.execPath, [tsc, '-p', root, '--noEmit'], { cwd: root, stdio: 'inherit' }).status ?? 1
}

function compilerOf(dir: string): string | null {
  try {
    return createRequire(path.join(dir, 'package.json')).resolve('typescript/bin/tsc')
  } catch {
    return null
  }
}
