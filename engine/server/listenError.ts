import { SheafError } from '../errors.ts'

/**
 * A server's failure to listen, said as Sheaf says errors: a port another server holds is the
 * common case (a preview or dev server left running), and Node's `listen EADDRINUSE` named
 * neither the cause nor the way out.
 */
export function listenError(error: unknown, port: number, host: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'EADDRINUSE') {
    return new SheafError(
      `Port ${port} on ${host} is in use: another server (a preview or dev server left running?) is listening there.`,
      {
        hint: `stop that server, or pass another port, e.g. --port ${port === 65535 ? port - 1 : port + 1}.`,
        cause: error,
      },
    )
  }
  if (code === 'EACCES') {
    return new SheafError(`This user may not listen on port ${port} on ${host}.`, {
      hint: 'pass a port above 1023, e.g. --port 4173.',
      cause: error,
    })
  }
  return error
}
