import type { CommandContext } from './commandLine.ts'
import { failUnfinishedBuild, unfinishedBuildError } from './unfinishedBuild.ts'

/** `sheaf query`: a GraphQL query (or, with --schema, the schema) answered from the site. */
export async function queryCommand({ root, values, rest }: CommandContext): Promise<number> {
  const query = rest.join(' ')
  if (values.schema) {
    const [{ loadDataLayer }, { printSchemaWithDirectives }] = await Promise.all([
      import('../build.ts'),
      import('@graphql-tools/utils'),
    ])
    const { dataLayer } = await loadDataLayer(root, { configFile: values.config })
    process.stdout.write(`${printSchemaWithDirectives(dataLayer.schema)}\n`)
    return 0
  }
  if (!query.trim()) {
    console.error("sheaf query needs a GraphQL query, e.g. sheaf query '{ allPage { nodes { path title } } }'")
    return 1
  }
  const [{ loadDataLayer }, { runningHooks }] = await Promise.all([
    import('../build.ts'),
    import('../plugins/runner.ts'),
  ])
  // A hook that never settles must not end the command with 0 and no answer (see unfinishedBuild.ts).
  failUnfinishedBuild(() => unfinishedBuildError(runningHooks(), 'query'), values.verbose)
  const { dataLayer } = await loadDataLayer(root, { configFile: values.config })
  const data = await dataLayer.query(query, {}, 'the command line')
  process.stdout.write(`${JSON.stringify(data, null, 2)}\n`)
  return 0
}
