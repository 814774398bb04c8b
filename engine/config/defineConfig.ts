import type { UserConfig } from './types.ts'
import type { Plugin } from '../plugins/types.ts'

/** Returns its argument unchanged; exists so editors infer the config's type. */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}

/** Returns its argument unchanged; exists so editors infer a plugin's type. */
export function definePlugin(plugin: Plugin): Plugin {
  return plugin
}
