import http from 'node:http'
import type { AddressInfo } from 'node:net'

import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApp } from '#server/app'
import { bodyLimitFor, FORM_BODY_LIMIT } from '#server/web/body-limit'
import { MESSAGES } from '#server/web/page-guard'

import { createTestContext } from '../support/context'
import { testRemixBuild } from '../support/remix-build'

// Issue 26: a 500 MB anonymous POST /login was read whole (and parsed) before the CSRF check
// answered 403, growing the server by more than 1 GB.

const MB = 1024 * 1024
let t: Awaited<ReturnType<typeof createTestContext>>
let server: http.Server
let port: number

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'session-test-secret-0123456789abcdef'
  t = await createTestContext()
  server = createApp(t.ctx, { remixBuild: testRemixBuild() }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
  process.env.API_URL = `http://127.0.0.1:${port}/api/v1`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

/** A browser's anonymous token cookie, as GET /login hands it out, and the token its forms repeat. */
async function csrf() {
  const res = await request(server).get('/login')
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__csrf='))!.split(';')[0]
  return { cookie, token: cookie.slice('__csrf='.length).split('.')[0] }
}

/**
 * POSTs `total` bytes of form body in 64 KB chunks, with or without Content-Length, and stops
 * writing as soon as an answer arrives (as a browser would). Returns the answer and the bytes sent.
 */
function streamPost(path: string, total: number, options: { chunked: boolean; cookie?: string; type?: string }) {
  return new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {
      'content-type': options.type ?? 'application/x-www-form-urlencoded',
      origin: `http://127.0.0.1:${port}`,
    }
    if (options.cookie) headers.cookie = options.cookie
    if (!options.chunked) headers['content-length'] = total
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers })
    const chunk = Buffer.from(`email=${'a'.repeat(64 * 1024 - 6)}`)
    let sent = 0
    let answered = false
    req.on('response', (res) => {
      answered = true
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sent }))
      res.on('error', reject)
    })
    // The server closes the connection after its answer: writes still in flight may fail.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const write = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent))
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', write)
      }
      if (!answered) req.end()
    }
    write()
  })
}

describe('page bodies have a size limit, checked before they are read', () => {
  it('answers 413 in Portuguese to a 50 MB POST /login with Content-Length, reading none of it', async () => {
    const before = process.memoryUsage().rss
    const res = await streamPost('/login', 50 * MB, { chunked: false })
    expect(process.memoryUsage().rss - before).toBeLessThan(20 * MB)
    expect(res.status).toBe(413)
    expect(res.text).toContain(MESSAGES.tooLarge)
    expect(res.text).toContain('Envio grande demais')
    expect(res.sent).toBeLessThan(50 * MB)
  })

  it('gives an upload from a browser with no session no more room than a form', async () => {
    const { cookie } = await csrf()
    // Declared: refused before a byte is read (a chunked one is cut at the same limit by the
    // stream the action reads, as the chunked /login below shows).
    const res = await streamPost('/admin/provas', 2 * MB, { chunked: false, cookie, type: 'multipart/form-data; boundary=x' })
    expect(res.status).toBe(413)
    expect(res.text).toContain(MESSAGES.tooLarge)
  })

  it('stops reading a chunked 50 MB POST /login at the limit and answers 413', async () => {
    const { cookie } = await csrf()
    const before = process.memoryUsage().rss
    const res = await streamPost('/login', 50 * MB, { chunked: true, cookie })
    expect(process.memoryUsage().rss - before).toBeLessThan(20 * MB)
    expect(res.status).toBe(413)
    expect(res.text).toContain(MESSAGES.tooLarge)
    // The client was told long before it sent everything.
    expect(res.sent).toBeLessThan(10 * MB)
  })

  it('refuses a POST without the token cookie before reading its body', async () => {
    const res = await streamPost('/login', 20 * MB, { chunked: true })
    expect(res.status).toBe(403)
    expect(res.text).toContain(MESSAGES.csrf)
    expect(res.sent).toBeLessThan(10 * MB)
  })

  it('still signs in with a normal-size form', async () => {
    const password = 'Senha-forte-2026'
    await request(server).post('/api/v1/auth/register').send({ name: 'Ana', email: 'ana-limite@teste.gabarita', password }).expect(201)
    const { cookie, token } = await csrf()
    const res = await request(server)
      .post('/login')
      .set('Cookie', cookie)
      .type('form')
      .send({ csrf: token, email: 'ana-limite@teste.gabarita', password, redirectTo: '/dashboard' })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/dashboard')
    expect(String(res.headers['set-cookie'])).toContain('__session=')
    // A chunked body under the limit goes through as well (a 400 for the form, not a 413).
    const small = await streamPost('/login', 4096, { chunked: true, cookie })
    expect(small.status).toBe(403) // no csrf field in that body: the token check, after a whole read
  })

  it('gives the admin upload routes their upload limit, and every other form the form limit', () => {
    const req = (path: string, type: string, cookie = '__csrf=a.b; __session=abc') =>
      ({ path, url: path, headers: { 'content-type': type, cookie } }) as never
    expect(bodyLimitFor(req('/admin/provas', 'multipart/form-data; boundary=x'))).toBe(51 * MB)
    expect(bodyLimitFor(req('/admin/disciplinas', 'multipart/form-data; boundary=x'))).toBe(26 * MB)
    expect(bodyLimitFor(req('/admin/provas', 'application/x-www-form-urlencoded'))).toBe(FORM_BODY_LIMIT)
    expect(bodyLimitFor(req('/editar-perfil', 'multipart/form-data; boundary=x'))).toBe(FORM_BODY_LIMIT)
    // A browser with no session cannot upload: it never gets more than a form's room.
    expect(bodyLimitFor(req('/admin/provas', 'multipart/form-data; boundary=x', '__csrf=a.b'))).toBe(FORM_BODY_LIMIT)
  })
})
