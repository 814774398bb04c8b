import path from 'node:path'
import { describe, expect, it } from 'vitest'

const brokenDir = path.resolve(import.meta.dirname, '../fixtures/broken')

describe('large input', () => {
  it('builds a 5 MB page within 10x the time of a 500 KB page', async () => {
    const { createBuildSession } = await import('../../engine/buildContext.ts')
    const { loadConfig } = await import('../../engine/config/loadConfig.ts')
    const config = await loadConfig(path.join(brokenDir, 'empty-file'), '../config.ts')
    const session = await createBuildSession(config, { cache: false })
    const section = '## Section\n\nA paragraph with `code`, **bold** text and a [link](https://example.org).\n\n- one\n- two\n\n```ts\nconst answer = 42\n```\n\n'
    const time = async (bytes: number) => {
      const source = `# Big\n\n${section.repeat(Math.ceil(bytes / section.length))}`
      const started = performance.now()
      await session.processor.process({ source, file: 'big.md', mdx: false })
      return performance.now() - started
    }
    await time(50_000)
    // Best of two for the small file, so one slow moment on a shared machine does not decide the ratio.
    const small = Math.min(await time(500 * 1024), await time(500 * 1024))
    const large = await time(5 * 1024 * 1024)
    console.log(`5 MB / 500 KB time ratio: ${(large / small).toFixed(2)}`)
    expect(large / small).toBeLessThan(10)
  }, 180_000)
})

