import type { Reporter } from './plugins/types.ts'

export interface ConsoleSink {
  log(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** Collected warnings, so a build can print them together and tests can read them. */
export interface ReporterLog {
  warnings: string[]
  errors: string[]
}

/** A reporter whose messages carry a prefix (a plugin's name) and land in a shared log. */
export function createReporter(prefix: string, log: ReporterLog, sink: ConsoleSink, quiet = false): Reporter {
  const tag = prefix ? `[${prefix}] ` : ''
  return {
    info(message) {
      if (!quiet) sink.log(`${tag}${message}`)
    },
    warn(message) {
      log.warnings.push(`${tag}${message}`)
      sink.warn(`warning ${tag}${message}`)
    },
    error(message) {
      log.errors.push(`${tag}${message}`)
      sink.error(`error ${tag}${message}`)
    },
  }
}

/** Times the build's phases and prints `phase  count  ms` lines. */
export function createPhaseTimer(sink: ConsoleSink, quiet: boolean) {
  const phases: { name: string; count: number; ms: number }[] = []
  return {
    phases,
    async run<T>(name: string, work: () => Promise<T>, count: (result: T) => number): Promise<T> {
      const start = performance.now()
      const result = await work()
      const ms = performance.now() - start
      const entry = { name, count: count(result), ms }
      phases.push(entry)
      if (!quiet) sink.log(`  ${name.padEnd(11)} ${String(entry.count).padStart(6)}  ${formatMs(ms).padStart(8)}`)
      return result
    },
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`
}
