/**
 * The dev server's start, step by step, when `SHEAF_DEV_TRACE=1`: each step's name, the time
 * since the process started (ms) and the CPU time the process has used so far (all its threads),
 * on stdout. For measuring where a cold start's first page goes (bench/README.md, "Dev server
 * cold start"): on a shared machine the CPU time says more than the wall time; silent otherwise.
 */
export const traceStart: (step: string) => void = process.env.SHEAF_DEV_TRACE
  ? (step) => {
      const cpu = process.cpuUsage()
      console.log(
        `[sheaf] trace ${Math.round(performance.now())} ms (cpu ${Math.round((cpu.user + cpu.system) / 1000)} ` +
          `ms): ${step}`,
      )
    }
  : () => undefined
