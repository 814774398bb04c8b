/**
 * The dev server's start, step by step, when `SHEAF_DEV_TRACE=1`: each step's name and the time
 * since the process started (ms), on stdout. For measuring where a cold start's first page goes
 * (bench/README.md, "Dev server cold start"); silent otherwise.
 */
export const traceStart: (step: string) => void = process.env.SHEAF_DEV_TRACE
  ? (step) => console.log(`[sheaf] trace ${Math.round(performance.now())} ms: ${step}`)
  : () => undefined
