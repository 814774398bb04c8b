import { describe, expect, it } from 'vitest'
import { toPackageManagerCommand } from '../../../site/theme/markdown/packageManagerCommand.ts'

describe('toPackageManagerCommand', () => {
  it('prefixes the command with the manager for npm and pnpm', () => {
    expect(toPackageManagerCommand('npm', 'install --save-dev @testing-library/react-native')).toBe(
      'npm install --save-dev @testing-library/react-native',
    )
    expect(toPackageManagerCommand('pnpm', 'install --save-dev @testing-library/react-native')).toBe(
      'pnpm install --save-dev @testing-library/react-native',
    )
  })

  it('turns install into add for yarn and bun', () => {
    expect(toPackageManagerCommand('yarn', 'install --save-dev @testing-library/react-native')).toBe(
      'yarn add --save-dev @testing-library/react-native',
    )
    expect(toPackageManagerCommand('bun', 'install react-test-renderer@19.0.0')).toBe(
      'bun add react-test-renderer@19.0.0',
    )
  })

  it('keeps a bare install with only flags as install', () => {
    expect(toPackageManagerCommand('yarn', 'install')).toBe('yarn install')
    expect(toPackageManagerCommand('bun', 'install --frozen-lockfile')).toBe('bun install --frozen-lockfile')
  })

  it('leaves commands without install alone', () => {
    expect(toPackageManagerCommand('yarn', 'run test')).toBe('yarn run test')
    expect(toPackageManagerCommand('bun', 'test --watch')).toBe('bun test --watch')
  })

  it('only treats the first install word as the verb', () => {
    expect(toPackageManagerCommand('yarn', 'install install')).toBe('yarn add install')
  })

  it('normalises surrounding and repeated whitespace', () => {
    expect(toPackageManagerCommand('npm', '  install   jest ')).toBe('npm install jest')
  })
})
