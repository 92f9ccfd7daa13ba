import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { expect, test } from '@playwright/test'

import { BASE_URL } from '../../playwright.config'
import { DEMO_ADMIN, loginViaPage, registerViaApi, signIn } from './utils'

/** Every page route of the built app, with its parameters filled in. */
async function pagePaths() {
  const build = await import(pathToFileURL(path.resolve(process.env.BUILD_DIR || 'build', 'remix/index.js')).href)
  const routes = build.routes as Record<string, { path?: string; parentId?: string }>
  const full = (id: string): string => {
    const route = routes[id]
    const parent = route.parentId ? full(route.parentId) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  const paths = Object.keys(routes).map(
    (id) =>
      `/${full(id)
        .replace(/:[^/]+/g, '1')
        .replace(/\*/g, 'nao-existe')}`,
  )
  return [...new Set(paths)]
}

test.describe('bad input on every page route (plain HTTP, run once)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP probes, not a browser flow')

  test('JSON, text/plain, empty and cross-site POSTs and NUL bytes get a Portuguese 4xx, never a 500', async ({ request }) => {
    const paths = await pagePaths()
    expect(paths).toContain('/questoes/1/responder')
    for (const p of paths) {
      const probes = [
        request.post(p, { headers: { 'content-type': 'application/json' }, data: '{"email":"a@b.c"}', maxRedirects: 0 }),
        request.post(p, { headers: { 'content-type': 'text/plain' }, data: 'oi', maxRedirects: 0 }),
        request.post(p, { maxRedirects: 0 }),
        request.post(`${p}?_data=root`, { headers: { 'content-type': 'text/plain' }, data: '\u0000', maxRedirects: 0 }),
        request.get(`${p}?q=a%00b&redirectTo=%0A/evil.example`, { maxRedirects: 0 }),
        // A multipart body cut off inside a file part (the upload pages included).
        request.post(p, {
          headers: { 'content-type': 'multipart/form-data; boundary=XX' },
          data: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nPROVA: x',
          maxRedirects: 0,
        }),
      ]
      for (const res of await Promise.all(probes)) {
        // A refused action still renders its page, whose guard may send a visitor to log in first.
        if (res.status() === 302) expect(res.headers().location, res.url()).toMatch(/^\/(admin\/)?login\?redirectTo=/)
        else expect(res.status(), res.url()).toBeGreaterThanOrEqual(400)
        expect(res.status(), res.url()).toBeLessThan(500)
      }
      const crossSite = await request.post(p, {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        form: { email: 'a@b.c' },
        maxRedirects: 0,
      })
      expect(crossSite.status(), p).toBe(403)
      expect(await crossSite.text()).toContain('Requisição recusada')
    }
    expect((await request.get('/api/v1/health')).status()).toBe(200)
  })

  test('an admin upload cut off inside a file part answers 400 and the server keeps running', async ({ page }) => {
    await signIn(page, DEMO_ADMIN, '/admin')
    for (const path of ['/admin/provas', '/admin/disciplinas']) {
      const res = await page.request.post(path, {
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
        data: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nPROVA: x',
        maxRedirects: 0,
      })
      expect(res.status(), path).toBe(400)
      expect(await res.text()).toContain('Formulário incompleto ou inválido')
    }
    expect((await page.request.get('/api/v1/health')).status()).toBe(200)
  })

  test('a form POST without the token from its page is refused with 403', async ({ request }) => {
    const res = await request.post('/contato', {
      form: { name: 'Ana', email: 'ana@example.com', subject: 'Oi', message: 'Olá, tudo bem?' },
    })
    expect(res.status()).toBe(403)
    expect(await res.text()).toContain('Seu formulário expirou')
  })
})

test.describe('cross-site forms', () => {
  let evil: http.Server
  let evilUrl = ''
  test.beforeAll(async () => {
    // An attacker's page on another origin, with forms aimed at us.
    evil = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.end(`<!doctype html><html><body>
        <form id="login" method="post" action="${BASE_URL}/login"><input name="email" value="atacante@evil.example"><input name="password" value="senha-do-atacante"><button>Entrar como atacante</button></form>
        <form id="logout" method="post" action="${BASE_URL}/logout"><button>Sair da vítima</button></form>
      </body></html>`)
    })
    await new Promise<void>((resolve) => evil.listen(0, 'localhost', resolve))
    evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`
  })
  test.afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())))

  test('cannot sign the victim into another account nor log them out', async ({ page, request }) => {
    const victim = await registerViaApi(request)
    await signIn(page, victim)
    await page.goto(evilUrl)
    await page.getByRole('button', { name: 'Sair da vítima' }).click()
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible()
    await page.goto(evilUrl)
    await page.getByRole('button', { name: 'Entrar como atacante' }).click()
    await expect(page.getByText('Requisição recusada')).toBeVisible()
    await page.goto('/editar-perfil')
    await expect(page).toHaveURL(/\/editar-perfil$/)
    await expect(page.getByLabel('Nome completo')).toHaveValue(victim.name)
  })
})

test('login never sends the user to another site, whatever the redirectTo hides', async ({ page, request }) => {
  const user = await registerViaApi(request)
  // Encoded once more than a browser decodes: these reach safeRedirect as text.
  for (const target of ['/%09/evil.example', '/%0A/evil.example', '/\\evil.example', '/%5C%5Cevil.example', '/%2F/evil.example']) {
    await loginViaPage(page, user, target)
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`)
    // Leave the app first: a request it still has in flight would come back, cookieless,
    // with a fresh CSRF cookie that no longer matches the next login form.
    await page.goto('about:blank')
    await page.context().clearCookies()
  }
  // Raw control characters never get as far as the login form.
  for (const target of ['/\t/evil.example', '/\n/evil.example']) {
    const res = await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`)
    expect(res?.status()).toBe(400)
    await expect(page.getByText('Caracteres inválidos na requisição.')).toBeVisible()
  }
})

test('a link full of revelada= spends no quota and reveals nothing; only a POST reveals', async ({ page, request }) => {
  const user = await registerViaApi(request)
  const auth = { Authorization: `Bearer ${user.token}` }
  await signIn(page, user)
  // The cards this student's page shows (a random order of their own), none annulled.
  await page.goto('/questoes')
  const ids = await page
    .locator('[id^="questao-"]')
    .evaluateAll((cards) => cards.filter((c) => !c.textContent?.includes('Anulada')).map((c) => Number(c.id.slice('questao-'.length))))
  ids.splice(6)
  expect(ids.length).toBe(6)
  await page.goto(`/questoes?${ids.map((id) => `revelada=${id}`).join('&')}`)
  await expect(page.getByTestId('gabarito')).toHaveCount(0)
  const policy = await (await request.get('/api/v1/policy', { headers: auth })).json()
  expect(policy.usage.questionsThisWeek).toBe(0)

  // Revealed through the API (a POST), the same link now shows that one answer, and still counts one.
  expect((await request.post(`/api/v1/questions/${ids[0]}/reveal`, { headers: auth })).status()).toBe(200)
  await page.goto(`/questoes?${ids.map((id) => `revelada=${id}`).join('&')}`)
  await expect(page.getByTestId('gabarito')).toHaveCount(1)
  const after = await (await request.get('/api/v1/policy', { headers: auth })).json()
  expect(after.usage.questionsThisWeek).toBe(1)
})
