import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

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

// The answer a connection is giving, or gave last (its headers are out then: marking skips it).
const ANSWER = Symbol('answer')
type Connection = Socket & { [ANSWER]?: ServerResponse }

/**
 * A server's requests in flight: counted, so a stop can wait for them, and found through their
 * connections when it begins. Each connection holds the answer it gives now; a set of answers,
 * added to and deleted from per request, made each search's garbage outlive the young generation
 * (ADR 067), and connections come and go far less often than requests.
 */
export function trackAnswers(server: Server) {
  const connections = new Set<Connection>()
  let inFlight = 0
  let idle: (() => void) | null = null
  // One listener each for every connection and answer, with it as `this` (no closure, ADR 061).
  function disconnected(this: Connection) {
    connections.delete(this)
  }
  function closed(this: ServerResponse) {
    inFlight--
    if (inFlight === 0 && idle) {
      const then = idle
      idle = null
      then()
    }
  }
  server.on('connection', (socket: Connection) => {
    connections.add(socket)
    socket.once('close', disconnected)
  })
  // Before the app's own listener: an answer it gives at once is marked too.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight++
    ;(req.socket as Connection)[ANSWER] = res
    if (draining) markDraining(res)
    res.on('close', closed)
  })
  return {
    get inFlight() {
      return inFlight
    },
    /** Runs `then` once no request is in flight (now, if none is). */
    whenIdle(then: () => void) {
      if (inFlight === 0) then()
      else idle = then
    },
    /** Starts draining: every answer in flight, and every one after, says so. */
    drain() {
      startDraining(answersOf(connections))
    },
  }
}

function* answersOf(connections: Set<Connection>) {
  for (const socket of connections) if (socket[ANSWER]) yield socket[ANSWER]
}
