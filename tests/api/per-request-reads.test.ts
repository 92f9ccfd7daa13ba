import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getOptionalUser, policyOf, requireUser } from '~/utils/session.server'

import { createTestContext, createTestUser } from '../support/context'
import { sessionCookieFor } from '../support/session-cookie'

// Issue 16 (page tax): the root loader and the page's own loader ask who is signed in, and the
// chat link and the house ad both read the plan's policy, for the same page load. One API call
// answers each per GET; an action's request reads afresh.

let t: Awaited<ReturnType<typeof createTestContext>>
let server: http.Server
const calls: string[] = []

beforeAll(async () => {
  t = await createTestContext()
  server = http.createServer((req, res) => {
    calls.push(req.url ?? '')
    t.app(req, res)
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const contextFor = (perRequest?: Map<string, Promise<unknown>>) =>
  ({ cspNonce: 'n', requestId: 'test', clientIp: '10.0.0.9', documentRequest: true, csrfToken: 't', perRequest }) as AppLoadContext
const count = (path: string) => calls.filter((url) => url === `/api/v1${path}`).length

describe('reads shared by the loaders of one page', () => {
  it('asks /auth/me once for a GET, the policy coming with it, whatever the number of loaders', async () => {
    const student = await createTestUser(t.ctx, { plan: 'PREMIUM', name: 'Ana Leitora' })
    const request = new Request('http://localhost/questoes', { headers: { Cookie: await sessionCookieFor(student.token) } })
    const context = contextFor(new Map())
    calls.length = 0
    const [root, page, policyA, policyB] = await Promise.all([
      getOptionalUser(request, context),
      requireUser(request, context),
      policyOf(request, context),
      policyOf(request, context),
    ])
    expect(root?.name).toBe('Ana Leitora')
    expect(page.name).toBe('Ana Leitora')
    expect(policyA.plan_name).toBe('PREMIUM')
    expect(policyB).toBe(policyA)
    expect(count('/auth/me')).toBe(1)
    // The signed-in page reads its policy from /auth/me's answer: no second call.
    expect(count('/policy')).toBe(0)

    // The next page load is another request: it reads again.
    await getOptionalUser(request, contextFor(new Map()))
    expect(count('/auth/me')).toBe(2)
  })

  it('reads afresh on every call when the request has no shared map (an action)', async () => {
    const student = await createTestUser(t.ctx)
    const request = new Request('http://localhost/dashboard', {
      method: 'POST',
      headers: { Cookie: await sessionCookieFor(student.token) },
    })
    const context = contextFor(undefined)
    calls.length = 0
    await getOptionalUser(request, context)
    await requireUser(request, context)
    expect(count('/auth/me')).toBe(2)
  })

  it('sends both loaders of a page with an expired session to the login', async () => {
    const request = new Request('http://localhost/dashboard', { headers: { Cookie: await sessionCookieFor('token-que-nao-existe') } })
    const context = contextFor(new Map())
    calls.length = 0
    const outcomes = await Promise.allSettled([getOptionalUser(request, context), requireUser(request, context)])
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected')
      const response = (outcome as PromiseRejectedResult).reason as Response
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fdashboard')
    }
    expect(count('/auth/me')).toBe(1)
  })
})
