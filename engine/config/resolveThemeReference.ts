import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { isSheafError, SheafError } from '../errors.ts'
import { importSiteModule } from '../loading/importSiteModule.ts'

/**
 * A config's `theme` given by name (`'sheaf/theme'`, `'@acme/docs-theme'`) or path (`'./theme/index.ts'`)
 * becomes the modules that name exports, before the config is validated. A theme package's default
 * export is its modules (ThemeModules) or a function returning them; a path resolves from the
 * config file's folder, a package name through its `node_modules` and `exports` as Node resolves it.
 */
export async function resolveThemeReference(
  config: unknown,
  configFile: string,
  root: string,
  moduleCacheDir: string | null = null,
): Promise<unknown> {
  if (!config || typeof config !== 'object' || typeof (config as { theme?: unknown }).theme !== 'string') return config
  const reference = (config as { theme: string }).theme
  const where = { file: path.relative(root, configFile) }
  const file = resolveReference(reference, configFile, where)
  let loaded: { default?: unknown }
  try {
    // A package's theme is compiled JavaScript, imported as it is; a site's own (a path) is bundled as its config is.
    loaded = isPackageFile(file)
      ? await import(pathToFileURL(file).href)
      : await importSiteModule(file, root, { cacheDir: moduleCacheDir })
  } catch (error) {
    if (isSheafError(error)) throw error
    throw new SheafError(
      `The theme \`${reference}\` threw while loading: ${error instanceof Error ? error.message : String(error)}`,
      { ...where, hint: `fix ${path.relative(root, file)}; run with --verbose for the stack trace.`, cause: error },
    )
  }
  const exported = typeof loaded.default === 'function' ? (loaded.default as () => unknown)() : loaded.default
  if (
    !exported ||
    typeof exported !== 'object' ||
    typeof (exported as { templates?: unknown }).templates !== 'object'
  ) {
    throw new SheafError(
      `The theme \`${reference}\` (${path.relative(root, file)}) has no default export with \`templates\`.`,
      {
        ...where,
        hint:
          "a theme module's default export is `{ layout?, templates, styles?, reservedIds?, " +
          'components? }` or a function returning it (see docs/start-a-new-site.md).',
      },
    )
  }
  return { ...config, theme: exported }
}

function resolveReference(reference: string, configFile: string, where: { file: string }): string {
  const relative = reference.startsWith('.') || path.isAbsolute(reference)
  if (relative) {
    const target = path.resolve(path.dirname(configFile), reference)
    const file =
      fs.existsSync(target) && fs.statSync(target).isDirectory()
        ? ['index.ts', 'index.tsx', 'index.js', 'index.mjs']
            .map((name) => path.join(target, name))
            .find((candidate) => fs.existsSync(candidate))
        : target
    if (file && fs.existsSync(file)) return file
    throw new SheafError(
      `The theme \`${reference}\` is not a file (looked ` +
        `for ${path.relative(path.dirname(configFile), target)}${file === undefined ? '/index.{ts,tsx,js,mjs}' : ''}).`,
      { ...where, hint: 'give the path of the theme module, relative to the config file.' },
    )
  }
  try {
    return createRequire(configFile).resolve(reference)
  } catch {
    throw new SheafError(`The theme package \`${reference}\` cannot be found from ${where.file}.`, {
      ...where,
      hint: `install it (npm install ${packageNameOf(reference)}), or give a path starting with ./`,
    })
  }
}

function isPackageFile(file: string): boolean {
  return file.includes(`${path.sep}node_modules${path.sep}`) || /\.(?:m?js)$/.test(file)
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageNameOf(reference: string): string {
  return reference
    .split('/')
    .slice(0, reference.startsWith('@') ? 2 : 1)
    .join('/')
}
