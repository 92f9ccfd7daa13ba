import { Writable } from 'node:stream'

import { createLogger } from '#server/logger'

/** The server's logger at `level`, writing its lines into an array instead of stdout. */
export function captureLogs(level: Parameters<typeof createLogger>[0] = 'info') {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: createLogger(level, stream), lines, text: () => lines.join('') }
}
