import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'

import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createTestContext, createTestUser } from '../support/context'

// A multipart body that ends inside a file part used to emit 'error' on busboy's file
// stream with no listener: the whole process exited. Every upload route is probed over a
// real socket (truncated and aborted bodies), then the health check must still answer.

const UPLOAD_ROUTES = [
  { path: '/api/v1/admin/questions/upload-exam-txt', filename: 'a.txt', content: 'PROVA: x' },
  { path: '/api/v1/admin/disciplines/upload', filename: 'a.json', content: '[{"nome": "Direito' },
]

let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server
let port = 0
let adminAuth = ''
const uncaught: unknown[] = []
const onUncaught = (error: unknown) => uncaught.push(error)

beforeAll(async () => {
  t = await createTestContext()
  adminAuth = (await createTestUser(t.ctx, { plan: 'ADMIN' })).auth.Authorization
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
  process.on('uncaughtException', onUncaught)
})
beforeEach(() => {
  uncaught.length = 0
})
afterAll(async () => {
  process.off('uncaughtException', onUncaught)
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

function head(path: string, length: number) {
  return [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: ${adminAuth}`,
    'Content-Type: multipart/form-data; boundary=XX',
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n')
}

/** Sends a whole request over a raw socket and returns the raw answer. */
function rawRequest(path: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.write(head(path, Buffer.byteLength(body)) + body)
  })
}

/** Announces a long body, sends part of it, then drops the connection. */
function abortedRequest(path: string, partial: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head(path, 100_000) + partial, () => {
        setTimeout(() => {
          socket.destroy()
          resolve()
        }, 50)
      })
    })
    socket.on('error', () => resolve())
  })
}

function statusAndBody(answer: string) {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
  const text = answer.slice(answer.indexOf('\r\n\r\n') + 4)
  return { status, body: JSON.parse(text) as unknown }
}

async function healthy() {
  // Let any late stream error surface before asking.
  await new Promise((resolve) => setTimeout(resolve, 100))
  const res = await request(server).get('/api/v1/health')
  expect(res.status).toBe(200)
  expect(uncaught).toEqual([])
}

describe.each(UPLOAD_ROUTES)('truncated and aborted uploads to $path', ({ path, filename, content }) => {
  const part = `--XX\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`

  it('answers 400 Upload incompleto to a body that ends inside a file part', async () => {
    const { status, body } = statusAndBody(await rawRequest(path, `${part}${content}`))
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'Upload incompleto' })
    await healthy()
  })

  it('answers 400 Upload incompleto to a body that ends inside the part headers', async () => {
    const { status, body } = statusAndBody(await rawRequest(path, `--XX\r\nContent-Disposition: form-data; name="file"; filen`))
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'Upload incompleto' })
    await healthy()
  })

  it('answers 400 to a second file cut short after a complete first one', async () => {
    const body = `${part}${content}\r\n${part}${content}`
    const answer = statusAndBody(await rawRequest(path, body))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: 'Upload incompleto' })
    await healthy()
  })

  it('survives a client that drops the connection mid-file', async () => {
    await abortedRequest(path, `${part}${content}`)
    await healthy()
  })

  it('survives a client that drops the connection before the first part', async () => {
    await abortedRequest(path, '--X')
    await healthy()
  })
})
