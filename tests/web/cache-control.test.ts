import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApp } from '#server/app'

import { createTestContext } from '../support/context'
import { testRemixBuild } from '../support/remix-build'

// Issue 26: the signed-in pages carried no Cache-Control, so a shared cache or the browser's
// back/forward could keep one student's dashboard for the next person on the machine.

let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'session-test-secret-0123456789abcdef'
  t = await createTestContext()
  server = createApp(t.ctx, { remixBuild: testRemixBuild() }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

describe('pages for a signed-in visitor', () => {
  it('are Cache-Control: private, no-store, documents and data requests alike', async () => {
    const password = 'Senha-forte-2026'
    const email = 'ana-cache@teste.gabarita'
    await request(server).post('/api/v1/auth/register').send({ name: 'Ana', email, password }).expect(201)
    const anonymous = await request(server).get('/login')
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers['cache-control'] ?? '').not.toContain('private')
    const csrf = (anonymous.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__csrf='))!.split(';')[0]
    const login = await request(server)
      .post('/login')
      .set('Cookie', csrf)
      .type('form')
      .send({ csrf: csrf.slice('__csrf='.length).split('.')[0], email, password })
    expect(login.status).toBe(302)
    const session = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__session='))!.split(';')[0]
    const cookie = `${csrf}; ${session}`

    const page = await request(server).get('/dashboard').set('Cookie', cookie)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['cache-control']).toBe('private, no-store')
    const data = await request(server).get('/dashboard?_data=routes%2Fdashboard').set('Cookie', cookie)
    expect(data.status).toBe(200)
    expect(data.headers['cache-control']).toBe('private, no-store')
    const redirected = await request(server).get('/login').set('Cookie', cookie)
    expect(redirected.status).toBe(302)
    expect(redirected.headers['cache-control']).toBe('private, no-store')
  })
})
