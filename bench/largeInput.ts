import path from 'node:path'

/**
 * `npm run bench -- large`: how the markdown pipeline scales with one big page. Parses a page of
 * 150 KB and one ten times larger (1.5 MB, under the page size limit) with the real processor and
 * prints the time ratio; linear scaling gives about 10. A timing ratio on a shared machine belongs
 * here, not in the test suite, where a noisy moment would fail an unrelated change.
 */
export async function runLargeInputBench(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..')
  const { createBuildSession } = await import('../engine/buildContext.ts')
  const { loadConfig } = await import('../engine/config/loadConfig.ts')
  const config = await loadConfig(path.join(root, 'tests/fixtures/broken/empty-file'), '../config.ts')
  const session = await createBuildSession(config, { cache: false })
  // Under the page's limits (pageCounts.ts): one heading, one link and no list item per 700 bytes.
  const prose = 'A paragraph with `code`, **bold** text and _emphasis_, long enough to be a paragraph of docs. '.repeat(
    5,
  )
  const section =
    `## Section\n\n${prose}\n\nA [link](https://example.org).\n\n> A quote.\n\n\`\`\`ts\nconst answer = 42\n` +
    `\`\`\`\n\n`
  const time = async (bytes: number) => {
    const source = `# Big\n\n${section.repeat(Math.ceil(bytes / section.length))}`
    const started = performance.now()
    await session.processor.process({ source, file: 'big.md', mdx: false })
    return performance.now() - started
  }
  await time(50_000)
  // Best of three for each size, so one slow moment does not decide the ratio.
  const best = async (bytes: number) => Math.min(await time(bytes), await time(bytes), await time(bytes))
  const small = await best(150 * 1024)
  const large = await best(1536 * 1024)
  console.log(
    `150 KB page: ${small.toFixed(0)} ms; 1.5 MB page: ${large.toFixed(0)} ms; ` +
      `ratio ${(large / small).toFixed(2)} (linear: 10)`,
  )
}
