import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { DRAINING_HEADER, isDraining, trackAnswers } from '#server/shared/draining'

// The graceful stop's bookkeeping (server/main.ts, ADR 011, 067) on a plain HTTP server: which
// answers are in flight, found through their connections when the stop begins. Module state: the
// draining flag is the process's, so this file runs isolated (tests/support/process-wide.ts).

type Answer = { headers: http.IncomingHttpHeaders; body: string }

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ headers: res.headers, body }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }
})

describe('the requests in flight when a server stops', () => {
  it('are counted, told that the server is leaving, and waited for; answers already under way are left alone', async () => {
    const held = new Map<string, http.ServerResponse>()
    const arrived: string[] = []
    const server = http.createServer((req, res) => {
      arrived.push(req.url!)
      if (req.url === '/quick') return res.end('rápida')
      // An answer whose headers already went out before the stop (a stream, say).
      if (req.url === '/started') res.flushHeaders()
      held.set(req.url!, res)
    })
    servers.push(server)
    const requests = trackAnswers(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as AddressInfo
    // Three connections: one idle after an answer (kept alive), two with an answer in flight.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const first = await get(port, '/quick', idle)
    expect(first.headers[DRAINING_HEADER]).toBeUndefined()
    const waiting = get(port, '/waiting', new http.Agent({ maxSockets: 1 }))
    const started = get(port, '/started', new http.Agent({ maxSockets: 1 }))
    await expect.poll(() => held.size).toBe(2)
    expect(requests.inFlight).toBe(2)

    let idleNow = false
    requests.whenIdle(() => (idleNow = true))
    expect(isDraining()).toBe(false)
    requests.drain()
    expect(isDraining()).toBe(true)

    held.get('/waiting')!.end('esperou')
    const waited = await waiting
    expect(waited.body).toBe('esperou')
    expect(waited.headers[DRAINING_HEADER]).toBe('1')
    expect(waited.headers.connection).toBe('close')
    expect(idleNow).toBe(false)

    held.get('/started')!.end('começou antes')
    const before = await started
    expect(before.body).toBe('começou antes')
    expect(before.headers[DRAINING_HEADER]).toBeUndefined()
    await expect.poll(() => idleNow).toBe(true)
    expect(requests.inFlight).toBe(0)

    // A request that arrives on the idle connection while stopping is answered, and says so.
    const late = await get(port, '/quick', idle)
    expect(late.body).toBe('rápida')
    expect(late.headers[DRAINING_HEADER]).toBe('1')
    expect(late.headers.connection).toBe('close')
    expect(arrived).toEqual(['/quick', '/waiting', '/started', '/quick'])
    expect(requests.inFlight).toBe(0)

    let idleAgain = false
    requests.whenIdle(() => (idleAgain = true))
    expect(idleAgain).toBe(true)
  })
})
