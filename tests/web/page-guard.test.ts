import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'

import { checkActionRequest, CSRF_COOKIE, guardActions, MESSAGES, pageGuard, readCsrfCookie } from '#server/web/page-guard'

const secret = 'page-guard-test-secret-0123456789'

function guardedApp() {
  const app = express()
  app.use(pageGuard({ secret, secure: false }))
  app.all('*', (_req, res) => res.json({ token: res.locals.csrfToken }))
  return app
}

/** A cookie header holding a valid signed token, as the guard sets it. */
async function issuedCookie() {
  const res = await request(guardedApp()).get('/login')
  const setCookie = res.headers['set-cookie'] as unknown as string[]
  return { cookie: setCookie[0].split(';')[0], token: res.body.token as string }
}

function formRequest(fields: Record<string, string>, cookie?: string, type = 'application/x-www-form-urlencoded') {
  return new Request('http://localhost/contato', {
    method: 'POST',
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  })
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() }
    throw error
  }
  return null
}

describe('pageGuard (origin check, bad URLs, the CSRF cookie)', () => {
  it('issues a signed HttpOnly SameSite=Lax token cookie once and reads it back', async () => {
    const { cookie, token } = await issuedCookie()
    expect(cookie.startsWith(`${CSRF_COOKIE}=${token}.`)).toBe(true)
    expect(readCsrfCookie(cookie, secret)).toBe(token)
    expect(readCsrfCookie(cookie, 'another-secret-entirely-0000000000')).toBeNull()
    expect(readCsrfCookie(`${CSRF_COOKIE}=${token}.forged`, secret)).toBeNull()
    const again = await request(guardedApp()).get('/').set('Cookie', cookie)
    expect(again.headers['set-cookie']).toBeUndefined()
    expect(again.body.token).toBe(token)
    const data = await request(guardedApp()).get('/questoes?_data=root')
    expect(data.headers['set-cookie']).toBeUndefined()
    // Nor a fetch of the page's scripts: a route discovery or any request that is no document.
    const manifest = await request(guardedApp()).get('/__manifest?p=%2Flogin&version=1')
    expect(manifest.headers['set-cookie']).toBeUndefined()
    const fetched = await request(guardedApp()).get('/questoes').set('Sec-Fetch-Dest', 'empty')
    expect(fetched.headers['set-cookie']).toBeUndefined()
    const document = await request(guardedApp()).get('/questoes').set('Sec-Fetch-Dest', 'document')
    expect(String(document.headers['set-cookie'])).toMatch(/^__csrf=/)
    const first = await request(guardedApp()).get('/')
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/)
  })

  it('refuses cross-site and same-site cross-origin POSTs with a 403 page, documents and _data alike', async () => {
    const app = guardedApp()
    const crossSite = await request(app)
      .post('/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('email=a')
    expect(crossSite.status).toBe(403)
    expect(crossSite.text).toContain(MESSAGES.crossSite)
    const sameSite = await request(app)
      .post('/editar-perfil?_data=routes%2Feditar-perfil')
      .set('Sec-Fetch-Site', 'same-site')
      .type('form')
      .send('bio=x')
    expect(sameSite.status).toBe(403)
    expect(sameSite.body.error).toBe(MESSAGES.crossSite)
    for (const [type, body] of [
      ['application/json', '{"email":"a"}'],
      ['text/plain', 'oi'],
      [undefined, undefined],
    ]) {
      const post = request(app).post('/contato')
      const res = await (type ? post.set('Content-Type', type).send(body) : post)
      expect(res.status, String(type)).toBe(400)
      expect(res.text).toContain(MESSAGES.notForm)
    }
    const nullOrigin = await request(app).post('/logout').set('Origin', 'null').type('form').send('')
    expect(nullOrigin.status).toBe(403)
    const sameOrigin = (cookie?: string) => {
      const post = request(app)
        .post('/logout')
        .set('Origin', 'http://127.0.0.1')
        .set('Host', '127.0.0.1')
        .set('Sec-Fetch-Site', 'same-origin')
      return (cookie ? post.set('Cookie', cookie) : post).type('form').send('')
    }
    // Without the token cookie no action could accept it: refused before the body is read.
    const cookieless = await sameOrigin()
    expect(cookieless.status).toBe(403)
    expect(cookieless.text).toContain(MESSAGES.csrf)
    const ok = await sameOrigin((await issuedCookie()).cookie)
    expect(ok.status).toBe(200)
  })

  it('answers 400 in Portuguese to NUL and control bytes or broken percent-encoding in the URL', async () => {
    const app = guardedApp()
    for (const url of ['/questoes?q=a%00b', '/login?redirectTo=%0A/evil.example', '/questoes?q=%E0%A4%A', '/contato%00']) {
      const res = await request(app).get(url)
      expect(res.status, url).toBe(400)
      expect(res.text).toMatch(/Caracteres inválidos|Endereço inválido/)
    }
  })
})

describe('checkActionRequest (runs before every page action)', () => {
  it('lets a form with the matching token through', async () => {
    const { cookie, token } = await issuedCookie()
    expect(await rejection(checkActionRequest(formRequest({ csrf: token, name: 'Ana\tPrado\nlinha' }, cookie), secret))).toBeNull()
  })

  it('refuses a missing, wrong or cookieless token with 403', async () => {
    const { cookie, token } = await issuedCookie()
    expect(await rejection(checkActionRequest(formRequest({ name: 'x' }, cookie), secret))).toEqual({ status: 403, text: MESSAGES.csrf })
    expect((await rejection(checkActionRequest(formRequest({ csrf: `${token}x` }, cookie), secret)))?.status).toBe(403)
    expect((await rejection(checkActionRequest(formRequest({ csrf: token }), secret)))?.status).toBe(403)
  })

  it('answers 400 to a truncated multipart body and to NUL bytes', async () => {
    const { cookie, token } = await issuedCookie()
    const truncated = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XX', cookie },
      body: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nPROVA: x',
    })
    expect(await rejection(checkActionRequest(truncated, secret))).toEqual({ status: 400, text: MESSAGES.brokenForm })
    expect(await rejection(checkActionRequest(formRequest({ csrf: token, bio: 'a\u0000b' }, cookie), secret))).toEqual({
      status: 400,
      text: MESSAGES.badChars,
    })
  })

  it('guardActions wraps every route action and leaves loaders alone', async () => {
    let ran = 0
    const build = {
      routes: {
        root: { id: 'root', path: '', module: { default: () => null } },
        'routes/contato': { id: 'routes/contato', path: 'contato', module: { action: () => ++ran, loader: () => 'loader' } },
      },
    } as unknown as ServerBuild
    const guarded = guardActions(build, secret)
    const route = guarded.routes['routes/contato'].module
    expect(route.loader).toBe(build.routes['routes/contato'].module.loader)
    const args = { request: formRequest({ name: 'x' }), params: {}, context: {} } as Parameters<NonNullable<typeof route.action>>[0]
    expect((await rejection(Promise.resolve(route.action!(args))))?.status).toBe(403)
    expect(ran).toBe(0)
    const { cookie, token } = await issuedCookie()
    await route.action!({ ...args, request: formRequest({ csrf: token }, cookie) })
    expect(ran).toBe(1)
  })
})
