import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Repeats each failed attempt's error after the run's summary. The line reporter prints a failure
 * where it happens, hundreds of lines before the end; a CI log that keeps only its tail would
 * otherwise name the failed test without saying what failed.
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly failures: string[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return
    const where = `${test.location.file.split('/tests/').pop()}:${test.location.line}`
    const errors = result.errors.map((error) =>
      stripAnsi(error.message ?? error.value ?? '')
        .split('\n')
        .slice(0, 25)
        .join('\n'),
    )
    this.failures.push(
      `✘ ${where} › ${test.title} (attempt ${result.retry + 1}, ${result.status})\n${errors.join('\n') || '(no error message)'}`,
    )
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return
    console.log(`\nFailed attempts, with their errors:\n${this.failures.join('\n\n')}\n`)
  }

  printsToStdio(): boolean {
    return true
  }
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}
