import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export interface Measurement {
  wallSeconds: number
  peakMb: number
  ok: boolean
  output: string
}

/** Runs a command under GNU time: wall seconds and the peak RSS of the largest process. */
export function measure(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Measurement {
  const timeFile = path.join(fs.mkdtempSync('/tmp/sheaf-time-'), 'time.txt')
  const result = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %M', command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const [wall, kb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number)
  return {
    wallSeconds: wall,
    peakMb: Math.round(kb / 1024),
    ok: result.status === 0,
    output: `${result.stdout}${result.stderr}`,
  }
}

/** Wall times and peaks per engine, in the order first recorded. */
export function createResults() {
  const results = new Map<string, { wall: number[]; peak: number[] }>()
  const record = (name: string, wall: number, peak: number) => {
    const entry = results.get(name) ?? { wall: [], peak: [] }
    entry.wall.push(wall)
    entry.peak.push(peak)
    results.set(name, entry)
  }
  return { results, record }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]
}

export function countFiles(dir: string, extension: string): number {
  if (!fs.existsSync(dir)) return 0
  return Number(
    execFileSync('bash', ['-c', `find "${dir}" -name '*${extension}' | wc -l`], { encoding: 'utf8' }).trim(),
  )
}
