/** The package managers `<PackageManagerTabs>` shows, in tab order. */
export const packageManagers = ['npm', 'yarn', 'pnpm', 'bun'] as const

export type PackageManager = (typeof packageManagers)[number]

const whitespaceRE = /\s+/

/**
 * Writes an npm-style command (`install --save-dev jest`) for a package manager:
 * yarn and bun say `add` where npm says `install`, except for a bare install
 * with only flags (`install`, `install --frozen-lockfile`), which installs the
 * lockfile in every manager.
 *
 * Note: only the first `install` word is the verb (a package may be named
 * `install`); flags are passed through unchanged.
 *
 * @example
 *   toPackageManagerCommand('yarn', 'install --save-dev jest') // 'yarn add --save-dev jest'
 *   toPackageManagerCommand('bun', 'install') // 'bun install'
 */
export function toPackageManagerCommand(manager: PackageManager, command: string): string {
  const words = command.trim().split(whitespaceRE).filter(Boolean)
  const usesAdd = manager === 'yarn' || manager === 'bun'
  const verbIndex = words.indexOf('install')
  if (usesAdd && verbIndex !== -1 && !isBareInstall(words)) {
    return [manager, ...words.map((word, index) => (index === verbIndex ? 'add' : word))].join(' ')
  }
  return [manager, ...words].join(' ')
}

/** `install` followed by flags only: installs what the lockfile lists, adds nothing. */
function isBareInstall(words: string[]): boolean {
  return words[0] === 'install' && words.slice(1).every((word) => word.startsWith('-'))
}
