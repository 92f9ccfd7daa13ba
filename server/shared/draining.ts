import type { ServerResponse } from 'node:http'

// A graceful stop (server/main.ts, ADR 011) keeps the listener open while the requests in flight
// finish, because pages mid-render still call the API over loopback. A proxy in front would go on
// sending new requests all that time, and the one whose connection is still being read when the
// listener finally closes is reset: for a POST, nobody can tell whether it was applied. So while
// draining every answer says so, and /api/v1/health answers 503: a proxy takes the server out of
// rotation at the first answer (scripts/scale/cluster.ts does; docs/deploy.md).

/** Set on every answer of a server that is stopping (with `Connection: close`). */
export const DRAINING_HEADER = 'x-gabarita-draining'

let draining = false

export function isDraining() {
  return draining
}

/** Marks the process as stopping and says so on every answer whose headers are not sent yet. */
export function startDraining(open: Iterable<ServerResponse>) {
  draining = true
  for (const res of open) markDraining(res)
}

export function markDraining(res: ServerResponse) {
  if (res.headersSent) return
  res.setHeader('Connection', 'close')
  res.setHeader(DRAINING_HEADER, '1')
}
