// Node module hooks that load TypeScript (.ts, .tsx, .mts) with esbuild and leave everything
// else to Node. Registered by registerTypeScript.mjs; they run on Node's hooks thread.
//
// Why not tsx: its hooks also rewrite every JavaScript file they load to add a source map,
// packages included. Vite alone is 0.3 s slower to import through tsx than through Node (and
// spends another 40 ms of the main thread parsing those maps). A build imports Vite, GraphQL,
// React and the engine: these hooks only transform our TypeScript, the rest loads as Node would.
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const typescriptRE = /\.(?:m?tsx?)$/
const unresolvedCodes = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'])
/** What an extensionless relative import may mean in TypeScript, tried only after Node's own resolution failed. */
const candidateSuffixes = ['.ts', '.tsx', '/index.ts', '/index.tsx']
/** Part of each cache entry's key, with esbuild's and Node's versions: bump when the transform's options change. */
const optionsVersion = 1

let esbuild
let cacheDir
let cacheKey = ''

/** Receives the folder transformed modules are kept in, and esbuild's version (see registerTypeScript.mjs). */
export function initialize(data) {
  cacheDir = data?.cacheDir
  cacheKey = `${optionsVersion}\0${data?.esbuildVersion}\0${process.version}`
  if (cacheDir) setTimeout(() => void pruneCache(cacheDir), 1000).unref()
}

/** Entries are never rewritten (a file's every edit is a new one): those written more than a week ago go, in the background. */
async function pruneCache(dir) {
  const weekAgo = Date.now() - 7 * 86_400_000
  try {
    for (const name of await fs.readdir(dir)) {
      const file = path.join(dir, name)
      const stat = await fs.stat(file).catch(() => null)
      if (stat && stat.mtimeMs < weekAgo) await fs.rm(file, { force: true })
    }
  } catch {
    // No folder yet, or another process pruning: nothing to do.
  }
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context)
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier.startsWith('file:')
    if (!relative || !unresolvedCodes.has(error?.code) || !context.parentURL || !typescriptRE.test(new URL(context.parentURL).pathname)) throw error
    // TypeScript's own convention: `./x.js` names `./x.ts`.
    const candidates = /\.(?:m?js|jsx)$/.test(specifier) ? [specifier.replace(/\.(m?)js(x?)$/, (_, m, x) => `.${m}ts${x}`)] : candidateSuffixes.map((suffix) => specifier + suffix)
    for (const candidate of candidates) {
      try {
        return await nextResolve(candidate, context)
      } catch {
        // Try the next spelling; the original error is the one worth reporting.
      }
    }
    throw error
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !typescriptRE.test(new URL(url).pathname)) return nextLoad(url, context)
  const file = fileURLToPath(url)
  const source = await fs.readFile(file, 'utf8')
  // Kept by content (and path: the source map names the file), so an edit is never served stale.
  const cached = cacheDir && path.join(cacheDir, `${createHash('sha1').update(`${cacheKey}\0${file}\0${source}`).digest('hex')}.mjs`)
  const hit = cached && (await fs.readFile(cached, 'utf8').catch(() => null))
  if (hit) return { format: 'module', source: hit, shortCircuit: true }
  const code = await transform(source, file)
  if (cached) await writeCached(cached, code)
  return { format: 'module', source: code, shortCircuit: true }
}

async function transform(source, file) {
  esbuild ??= await import('esbuild')
  const result = await esbuild.transform(source, {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    jsx: 'automatic',
    // Stack traces and error locations point at the TypeScript, not at esbuild's output.
    sourcemap: 'inline',
    sourcefile: file,
  })
  return result.code
}

/** Written under a temporary name and renamed: another process may be reading the same entry. */
async function writeCached(file, code) {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  try {
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(temporary, code)
    await fs.rename(temporary, file)
  } catch {
    // Only a cache: the next load transforms again.
    await fs.rm(temporary, { force: true }).catch(() => undefined)
  }
}
