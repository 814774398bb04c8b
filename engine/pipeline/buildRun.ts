import { createPhaseTimer, createReporter, type ConsoleSink, type ReporterLog } from '../reporter.ts'
import type { Reporter } from '../plugins/types.ts'
import { openBrokenFiles, type BrokenFiles } from './brokenFiles.ts'

/** What every step of one build (or one dev-server load) shares: its mode, its log and its phase timer. */
export interface BuildRun {
  mode: 'build' | 'develop'
  sink: ConsoleSink
  quiet: boolean
  log: ReporterLog
  /** A plugin's reporter: its warnings and errors land in `log`, prefixed with its name. */
  reporterFor: (name: string) => Reporter
  timer: ReturnType<typeof createPhaseTimer>
  /** When the build began (`performance.now()`). */
  startedAt: number
  /** The files that have errors, when the run keeps going past them (see brokenFiles.ts). */
  broken: BrokenFiles
}

export interface RunOptions {
  mode?: 'build' | 'develop'
  sink?: ConsoleSink
  quiet?: boolean
  /** When the build began, if before this call: the CLI starts loading the config first. */
  startedAt?: number
  /** Write every page that has no error and list the broken files after (`--keep-going`; the dev server always). */
  keepGoing?: boolean
}

export function startRun(options: RunOptions = {}): BuildRun {
  const sink = options.sink ?? console
  const quiet = options.quiet ?? false
  const log: ReporterLog = { warnings: [], errors: [] }
  return {
    mode: options.mode ?? 'build',
    sink,
    quiet,
    log,
    reporterFor: (name) => createReporter(name, log, sink, quiet),
    timer: createPhaseTimer(sink, quiet),
    startedAt: options.startedAt ?? performance.now(),
    broken: openBrokenFiles(options.keepGoing ?? false),
  }
}
