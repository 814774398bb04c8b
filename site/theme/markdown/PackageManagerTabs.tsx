import { CodeFrame } from './CodeBlock.tsx'
import { packageManagers, toPackageManagerCommand } from './packageManagerCommand.ts'
import { Tab } from './Tab.tsx'
import { Tabs } from './Tabs.tsx'

export interface PackageManagerTabsProps {
  /** An npm-style command without the manager, e.g. `install --save-dev jest`. */
  command: string
}

/**
 * One command for npm, yarn, pnpm and bun, as tabs. The reader's manager is
 * remembered across pages (group `package-manager`). The commands are plain
 * text (not highlighted) in the code block frame, with copy buttons.
 */
export function PackageManagerTabs({ command }: PackageManagerTabsProps) {
  return (
    <Tabs groupId="package-manager">
      {packageManagers.map((manager) => (
        <Tab key={manager} label={manager}>
          <CodeFrame lang="bash">
            <code>{toPackageManagerCommand(manager, command)}</code>
          </CodeFrame>
        </Tab>
      ))}
    </Tabs>
  )
}
