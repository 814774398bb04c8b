import { CodeFrame } from './CodeBlock.tsx'
import { packageManagers, toPackageManagerCommand } from './packageManagerCommand.ts'
import { Tab } from './Tab.tsx'
import { Tabs } from './Tabs.tsx'

export interface PackageManagerTabsProps {
  /**
   * An npm-style command without the manager (`install --save-dev jest`), written for npm, yarn,
   * pnpm and bun; or each manager's own full command (`{ npm: 'npm i -D jest', yarn: 'yarn add -D jest' }`),
   * shown as given, in that order, as Rspress takes it.
   */
  command: string | Record<string, string>
}

/**
 * One command for each package manager, as tabs. The reader's manager is remembered across
 * pages (group `package-manager`). The commands are plain text (not highlighted) in the code
 * block frame, with copy buttons.
 */
export function PackageManagerTabs({ command }: PackageManagerTabsProps) {
  const commands: [string, string][] =
    typeof command === 'string'
      ? packageManagers.map((manager) => [manager, toPackageManagerCommand(manager, command)])
      : Object.entries(command).map(([manager, line]) => [manager, String(line)])
  return (
    <Tabs groupId="package-manager">
      {commands.map(([manager, line]) => (
        <Tab key={manager} label={manager}>
          <CodeFrame lang="bash">
            <code>{line}</code>
          </CodeFrame>
        </Tab>
      ))}
    </Tabs>
  )
}
