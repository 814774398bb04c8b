import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const cli = path.join(root, 'bin/sheaf.js')

/** Runs `sheaf` in an empty folder: none of these may touch a site. */
function sheaf(...args: string[]) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-cli-'))
  try {
    return spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' })
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true })
  }
}

describe('the command line', () => {
  it('prints the package version for --version and -v', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
    for (const flag of ['--version', '-v']) {
      const result = sheaf(flag)
      expect(result.status).toBe(0)
      expect(result.stdout).toBe(`${version}\n`)
    }
  })

  it('names an unknown option and prints the usage, without a stack trace', () => {
    // `build` runs in a child process of its own (see bin/sheaf.js): the error must come through it too.
    for (const args of [['--bogus'], ['build', '--bogus']]) {
      const result = sheaf(...args)
      expect(result.status).toBe(2)
      expect(result.stderr).toContain("Unknown option '--bogus'")
      expect(result.stderr).toContain('Usage: sheaf <command> [options]')
      expect(result.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('says which option lacks its value', () => {
    const result = sheaf('preview', '--port')
    expect(result.status).toBe(2)
    expect(result.stderr).toContain("'--port <value>' argument missing")
  })

  it('refuses a port that is not one, before reading any config', () => {
    for (const [command, value] of [
      ['preview', 'abc'],
      ['dev', '99999'],
      ['preview', '0'],
      ['dev', '80.5'],
    ]) {
      const result = sheaf(command, '--port', value)
      expect(result.status, `${command} --port ${value}`).toBe(2)
      expect(result.stderr).toContain(`--port takes a port number from 1 to 65535, not \`${value}\``)
    }
  })

  it('refuses a stray argument to a command that takes none, instead of ignoring it', () => {
    for (const command of ['build', 'preview', 'dev', 'typegen', 'typecheck']) {
      const result = sheaf(command, 'out')
      expect(result.status, command).toBe(2)
      expect(result.stderr).toContain(`\`sheaf ${command}\` takes no arguments, but got \`out\``)
    }
  })

  it('says there is nothing to preview when the folder does not exist', () => {
    const result = spawnSync(process.execPath, [cli, 'preview', '--out', 'no-such-build', '--port', '4399'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Nothing to preview: no-such-build does not exist.')
    expect(result.stderr).toContain('Fix: build the site first')
  })

  it('says which port is taken and how to choose another, for preview and dev', async () => {
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const port = (holder.address() as net.AddressInfo).port
    try {
      for (const args of [['preview', '--out', 'docs'], ['dev']]) {
        const child = spawn(process.execPath, [cli, ...args, '--port', String(port)], {
          cwd: root,
          stdio: ['ignore', 'ignore', 'pipe'],
        })
        let stderr = ''
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        const status = await new Promise<number | null>((resolve) => child.on('exit', resolve))
        expect(status, args[0]).toBe(1)
        expect(stderr).toContain(`Port ${port} on 127.0.0.1 is in use`)
        expect(stderr).toContain(`--port ${port + 1}`)
        expect(stderr).not.toContain('EADDRINUSE')
      }
    } finally {
      holder.close()
    }
  }, 60_000)

  it('names an unknown command', () => {
    const result = sheaf('bulid')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Unknown command `bulid`')
  })
})
