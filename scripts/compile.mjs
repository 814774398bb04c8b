// Compiles the package's TypeScript (engine/, plugins/, the default theme in site/theme/) into
// dist/, which is what every command, worker thread and test loads: one way to load code, with no
// runtime TypeScript hooks in a consumer. `npm ci` runs it (the `prepare` script, with type
// declarations); bin/sheaf.js and the test setups call `compileIfStale()`, so an edit to the
// sources is never run stale in this repository.
//
// Each file is transformed on its own by esbuild (no bundling: module identity, `import.meta.url`
// and worker entry files stay what they are in the sources). Two rewrites: relative `.ts`/`.tsx`
// specifiers become `.js`, in imports, dynamic imports and `new URL('./x.ts', import.meta.url)`;
// and imports of the vendored packages (see vendoredPackages) point at their bundle in dist/vendor/.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const sourceDirs = ['engine', 'plugins', 'site/theme']
const outDir = path.join(packageRoot, 'dist')
const stampFile = path.join(outDir, '.sources-digest')
/** The sources' digest when the declarations were last emitted (they are emitted less often than the JavaScript). */
const declarationsStampFile = path.join(outDir, '.declarations-digest')
const typescriptRE = /\.tsx?$/
/**
 * `from "./x.ts"`, `import("../x.tsx")`, `new URL("./x.ts", import.meta.url)` in esbuild's output (always double
 * quotes).
 */
const relativeTypeScriptRE = /((?:\bfrom|\bimport)\s*\(?\s*|\bnew URL\(\s*)"(\.\.?\/[^"\n]*?)\.tsx?"/g

/**
 * The markdown pipeline's packages, loaded by the build's main thread and by every worker that
 * parses or renders markdown: about 500 small ES modules, which Node resolves, reads and links one
 * by one (220-260 ms per thread here). Bundled once into dist/vendor/ (shared chunks, so each
 * module still exists once: unified's VFile is the engine's VFile), they load in about 60 ms. Only
 * server-side packages whose modules hold no state a site's own code shares: a theme's React, a
 * plugin's graphql types and the browser's code keep the packages themselves.
 */
const vendoredPackages = [
  'github-slugger',
  'hast-util-raw',
  'hast-util-sanitize',
  'hast-util-to-string',
  'rehype-react',
  'remark-directive',
  'remark-frontmatter',
  'remark-gfm',
  'remark-mdx',
  'remark-parse',
  'remark-rehype',
  'remark-stringify',
  'stringify-entities',
  'unified',
  'unist-util-visit',
  'vfile',
  'yaml',
]
const vendorDir = path.join(outDir, 'vendor')
const vendorStampFile = path.join(vendorDir, '.digest')
/** `from "unified"`, `import("yaml")` in esbuild's output (always double quotes). */
const vendoredImportRE = new RegExp(`((?:\\bfrom|\\bimport)\\s*\\(?\\s*)"(${vendoredPackages.join('|')})"`, 'g')

/** Every source file under the package's source folders, relative to the package root, sorted. */
function sourceFiles() {
  const files = []
  for (const dir of sourceDirs) {
    const absolute = path.join(packageRoot, dir)
    if (!fs.existsSync(absolute)) continue
    for (const entry of fs.readdirSync(absolute, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name.endsWith('.d.ts') || entry.name.endsWith('.d.mts')) continue
      files.push(path.relative(packageRoot, path.join(entry.parentPath, entry.name)))
    }
  }
  return files.sort()
}

/** The sources' names, sizes and modification times: cheap to compute on every command (about 300 stats). */
function sourcesDigest(files) {
  const hash = createHash('sha1')
  for (const file of files) {
    const stat = fs.statSync(path.join(packageRoot, file))
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`)
  }
  return hash.digest('hex')
}

/**
 * True when the package has its sources (a checkout, not a published copy) and dist/ was compiled
 * from other ones (`declarations`: its type declarations too).
 */
export function isStale({ declarations = false } = {}) {
  const files = sourceFiles()
  if (files.length === 0) return false
  const digest = sourcesDigest(files)
  return readStamp(stampFile) !== digest || (declarations && readStamp(declarationsStampFile) !== digest)
}

/**
 * Compiles when the sources changed since the last compile; returns whether it compiled. npm runs
 * `prepare` again in a site that installs this package by `file:`: then nothing changed, and
 * nothing is done.
 */
export async function compileIfStale({ declarations = false } = {}) {
  if (!isStale({ declarations })) return false
  await compile({ declarations })
  return true
}

function readStamp(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
}

/**
 * Writes dist/: JavaScript (with source maps) for every TypeScript source, other files (CSS)
 * copied. Files are written under a temporary name and renamed, so a process compiling at the
 * same time (two test runners) never reads half a file; both write the same bytes.
 */
export async function compile({ declarations = false } = {}) {
  const files = sourceFiles()
  const digest = sourcesDigest(files)
  const esbuild = await import('esbuild')
  const typescript = files.filter((file) => typescriptRE.test(file))
  const result = await esbuild.build({
    entryPoints: typescript.map((file) => path.join(packageRoot, file)),
    outdir: outDir,
    outbase: packageRoot,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
  })
  await bundleVendored(esbuild)
  for (const output of result.outputFiles) {
    const text = output.path.endsWith('.js') ? rewriteSpecifiers(output.path, output.text) : output.text
    writeAtomically(output.path, text)
  }
  for (const file of files.filter((name) => !typescriptRE.test(name)))
    writeAtomically(path.join(outDir, file), fs.readFileSync(path.join(packageRoot, file)))
  removeOrphans(files)
  writeAtomically(stampFile, digest)
  if (declarations) {
    emitDeclarations()
    writeAtomically(declarationsStampFile, digest)
  }
}

/** A compiled file's imports: relative TypeScript files by their `.js` name, vendored packages by their bundle. */
function rewriteSpecifiers(file, text) {
  const toVendor = path.relative(path.dirname(file), vendorDir).split(path.sep).join('/')
  return text
    .replace(relativeTypeScriptRE, (_, before, specifier) => `${before}"${specifier}.js"`)
    .replace(vendoredImportRE, (_, before, name) => `${before}"${toVendor}/${name}.js"`)
}

/**
 * dist/vendor/<package>.js for each vendored package, with the modules they share in chunks; made
 * again only when the installed packages (package-lock.json) or this script change. Each entry
 * re-exports what the package exports, read from the package itself.
 */
async function bundleVendored(esbuild) {
  const lockFile = path.join(packageRoot, 'package-lock.json')
  const digest = createHash('sha1')
    .update(fs.existsSync(lockFile) ? fs.readFileSync(lockFile) : '')
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .update(esbuild.version)
    .digest('hex')
  if (readStamp(vendorStampFile) === digest) return
  const entries = {}
  for (const name of vendoredPackages) {
    const exported = Object.keys(await import(name)).filter((key) => key !== 'module.exports')
    entries[name] =
      `export { ${exported.map((key) => (key === 'default' ? 'default' : key)).join(', ')} } ` +
      `from ${JSON.stringify(name)}\n`
  }
  const result = await esbuild.build({
    entryPoints: vendoredPackages.map((name) => ({ in: `vendored:${name}`, out: name })),
    outdir: vendorDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    // yaml is CommonJS and requires Node's builtins: an ES module has no `require` of its own.
    banner: {
      js:
        "import { createRequire as __vendorRequire } from 'node:module'; " +
        'const require = __vendorRequire(import.meta.url);',
    },
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'vendored-entries',
        setup(build) {
          build.onResolve({ filter: /^vendored:/ }, (args) => ({
            path: args.path.slice('vendored:'.length),
            namespace: 'vendored',
          }))
          build.onLoad({ filter: /.*/, namespace: 'vendored' }, (args) => ({
            contents: entries[args.path],
            resolveDir: packageRoot,
            loader: 'js',
          }))
        },
      },
    ],
  })
  fs.rmSync(vendorDir, { recursive: true, force: true })
  for (const output of result.outputFiles) writeAtomically(output.path, output.text)
  writeAtomically(vendorStampFile, digest)
}

/**
 * Type declarations of the public entry points (tsconfig.build.json), with tsc: slower (seconds), so only on `npm ci`
 * and `npm run compile`.
 */
function emitDeclarations() {
  const tsc = path.join(packageRoot, 'node_modules/typescript/bin/tsc')
  if (!fs.existsSync(tsc)) return
  const run = spawnSync(process.execPath, [tsc, '-p', path.join(packageRoot, 'tsconfig.build.json')], {
    cwd: packageRoot,
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`Type declarations failed to compile:\n${run.stdout}${run.stderr}`)
}

/** Removes compiled files whose source is gone (a deleted or renamed module), so dist/ holds what the sources make. */
function removeOrphans(files) {
  const expected = new Set(files.map((file) => file.replace(typescriptRE, '')))
  for (const dir of sourceDirs) {
    const absolute = path.join(outDir, dir)
    if (!fs.existsSync(absolute)) continue
    for (const entry of fs.readdirSync(absolute, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const file = path.relative(outDir, path.join(entry.parentPath, entry.name))
      const source = file.replace(/\.(?:js\.map|js|d\.ts)$/, '')
      if (!expected.has(source) && !expected.has(file)) fs.rmSync(path.join(outDir, file), { force: true })
    }
  }
}

function writeAtomically(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, content)
  fs.renameSync(temporary, file)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now()
  const declarations = process.argv.includes('--declarations')
  const compiled = process.argv.includes('--if-stale')
    ? await compileIfStale({ declarations })
    : (await compile({ declarations }), true)
  if (!process.argv.includes('--quiet'))
    console.log(
      compiled
        ? `Compiled the package into dist/ in ${Math.round(performance.now() - started)} ms.`
        : 'dist/ is up to date.',
    )
}
