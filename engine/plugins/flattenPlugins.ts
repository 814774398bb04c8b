import { SheafError } from '../errors.ts'
import type { Plugin, PluginOption } from './types.ts'

/**
 * Turns `plugins: [...]` into the ordered list the runner uses: falsy entries
 * skipped, nested arrays (presets) flattened, duplicate names rejected.
 */
export function flattenPlugins(options: readonly PluginOption[], file = 'site/config.ts'): Plugin[] {
  const plugins: Plugin[] = []
  const visit = (option: PluginOption, index: string) => {
    if (!option) return
    if (Array.isArray(option)) {
      option.forEach((inner, innerIndex) => visit(inner, `${index}.${innerIndex}`))
      return
    }
    if (typeof option !== 'object' || typeof option.name !== 'string' || option.name === '') {
      throw new SheafError(
        `plugins[${index}] is not a plugin: expected an object with a \`name\`, got ${describe(option)}.`,
        {
          file,
          hint: 'call the plugin factory, e.g. `plugins: [sidebar()]`, not `plugins: [sidebar]`.',
        },
      )
    }
    plugins.push(option)
  }
  options.forEach((option, index) => visit(option, String(index)))
  const seen = new Set<string>()
  for (const plugin of plugins) {
    if (seen.has(plugin.name)) {
      throw new SheafError(`Two plugins are named \`${plugin.name}\`.`, {
        file,
        hint: 'remove the duplicate from `plugins`, or give one of them another name.',
      })
    }
    seen.add(plugin.name)
  }
  return plugins
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function'
  return JSON.stringify(value) ?? String(value)
}
