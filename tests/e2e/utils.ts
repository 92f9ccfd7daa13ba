import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from '@playwright/test'

import { FIRST_USE_TYPE } from '../../app/utils/first-use'

/**
 * A test that only renders a page (no form submitted, no link followed): the js-off project
 * skips it (playwright.config.ts), since a browser without JS proves nothing more there.
 */
export const RENDERING = { tag: '@rendering' }

export const DEMO_ADMIN = { email: 'admin@gabarita.app', password: 'admin12345' }
export const DEMO_STUDENT = { email: 'aluno@gabarita.app', password: 'aluno12345' }

/** The running e2e server's data directory (its mail outbox is outbox/ inside). */
export function e2eDataDir() {
  const port = process.env.E2E_PORT ?? '3100'
  return fs.readFileSync(path.join(os.tmpdir(), `gabarita-e2e-${port}`), 'utf8').trim()
}

export function uniqueEmail(prefix = 'aluno') {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@teste.gabarita`
}

/** A fresh student created through the API (fast); sign in on a page with signIn. */
export async function registerViaApi(request: APIRequestContext, overrides: { name?: string; email?: string; password?: string } = {}) {
  const user = {
    name: overrides.name ?? 'Aluna Teste',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'senha-segura-1',
  }
  const res = await request.post('/api/v1/auth/register', { data: user })
  expect(res.status(), await res.text()).toBe(201)
  const body = await res.json()
  return { ...user, token: body.token as string }
}

/** The demo admin's API token. */
export async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', { data: DEMO_ADMIN })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).token as string
}

/** A fresh student moved to a paid plan by the admin (the forum and the assistant are Premium). */
export async function premiumStudent(request: APIRequestContext, overrides: { name?: string } = {}, plan = 'PREMIUM') {
  const student = await registerViaApi(request, overrides)
  const me = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${student.token}` } })
  const { id } = (await me.json()).data as { id: string }
  const grant = await request.put(`/api/v1/admin/users/${id}/plan`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { plan_name: plan },
  })
  expect(grant.status(), await grant.text()).toBe(200)
  return student
}

type ApiCard = { id: number; short_id: string; is_annulled: boolean; alternatives: { letter: string }[] }

/** `count` live questions with alternatives, from the bank's first page. */
export async function answerable(request: APIRequestContext, count: number) {
  const res = await request.get('/api/v1/questions/search?per_page=100')
  expect(res.status()).toBe(200)
  const list = ((await res.json()).data as ApiCard[]).filter((q) => !q.is_annulled && q.alternatives.length >= 2)
  expect(list.length).toBeGreaterThanOrEqual(count)
  return list.slice(0, count)
}

/**
 * The bank's first question with this student's notebook, note and answer on it, so that every
 * page listing them (dashboard tabs, notebook page, the question's tools) renders full.
 */
export async function studiedQuestion(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` }
  const search = await request.get('/api/v1/questions/search?per_page=1', { headers: auth })
  const questionId = ((await search.json()).data as { id: number }[])[0].id
  const created = await request.post('/api/v1/notebooks', { headers: auth, data: { name: 'Revisão de prazos' } })
  expect(created.status(), await created.text()).toBe(201)
  const notebookId = (await created.json()).notebook.id as number
  const steps = [
    request.put(`/api/v1/questions/${questionId}/notebooks`, { headers: auth, data: { notebook_ids: [notebookId] } }),
    request.post(`/api/v1/questions/${questionId}/notes`, { headers: auth, data: { content: 'Rever o prazo.' } }),
    request.post(`/api/v1/questions/${questionId}/attempts`, { headers: auth, data: { answer: 'A' } }),
  ]
  for (const res of steps) expect((await res).ok(), await (await res).text()).toBe(true)
  return { questionId, notebookId }
}

/**
 * With JS, waits for the visitor's login dialog: the root loads it after hydration (ADR 062), and a
 * locked link clicked before it is there goes to /login, as without JS. A test that expects the
 * dialog waits for it first.
 */
export async function loginDialogReady(page: Page) {
  await firstUse(page)
  await page.locator('dialog[aria-labelledby="login-dialog-title"]').waitFor({ state: 'attached' })
}

/**
 * Logs in by filling and sending /login (works with JS on and off): for the specs about the login
 * itself. Every other spec signs in with `signIn`.
 */
export async function loginViaPage(page: Page, credentials: { email: string; password: string }, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login')
  await page.getByLabel('Email', { exact: true }).fill(credentials.email)
  await page.getByLabel('Senha', { exact: true }).fill(credentials.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

/**
 * Signs in with the login form's own POST, sent from the page's request context: the session
 * cookie lands in the browser context, as after the form, without rendering /login and the page
 * after it (ADR 084). For a spec whose subject is not the login: the login form's own specs
 * (accounts.spec.ts, the locks in questions.spec.ts and resolver.spec.ts, hardening.spec.ts)
 * drive it with JS on and off. With `to`, the page then opens that address, hydrated, where the
 * login's toast is shown, as after the form's redirect; without, the toast is dropped, as the
 * dashboard the form lands on would have shown it.
 */
export async function signIn(page: Page, credentials: { email: string; password: string }, to?: string) {
  const context = page.context()
  // The form repeats the token of the __csrf cookie, which a document GET issues (server/web/page-guard.ts).
  const csrf = async () => (await context.cookies()).find((c) => c.name === '__csrf')?.value.split('.')[0]
  if (!(await csrf())) await context.request.get('/login', { maxRedirects: 0 })
  const res = await context.request.post('/login', {
    form: { email: credentials.email, password: credentials.password, csrf: (await csrf()) ?? '' },
    maxRedirects: 0,
  })
  expect(res.status(), await res.text()).toBe(302)
  if (!to) return context.clearCookies({ name: '__toast' })
  await page.goto(to)
  // The form's redirect was a client-side navigation in a page already running: so is this one
  // before the test goes on, or a click during hydration can be lost.
  await hydrated(page)
}

/**
 * A visitor's list leaves its scripts until the visitor first touches it (ADR 098): a key pressed
 * as a student's would be (Shift, which nothing on the page answers) starts them.
 */
export async function firstUse(page: Page) {
  if (await page.locator(`script[type="${FIRST_USE_TYPE}"]`).count()) await page.keyboard.press('Shift')
}

/**
 * With JS, waits until React has hydrated the page (it marks each element it takes over, the body
 * last); without, returns at once (the root's inline script, which sets __remixContext, never ran).
 */
export async function hydrated(page: Page) {
  if (!(await page.evaluate(() => '__remixContext' in window))) return
  await firstUse(page)
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))
}

/** A fresh student, signed in on this page (then at `to`, when given). */
export async function loginAsNewStudent(page: Page, request: APIRequestContext, to?: string) {
  const user = await registerViaApi(request)
  await signIn(page, user, to)
  return user
}

/**
 * Answers the first card that has a key with a wrong alternative (read from its revealed answer):
 * both 'Correta' and 'Sua resposta' are shown, the widest an alternative gets. Returns that card.
 */
export async function answerFirstWrong(page: Page) {
  // The first card with a key: an annulled question has no wrong answer to give.
  const card = page.locator('article[id^="questao-"]').filter({ hasNotText: 'Anulada' }).first()
  await card.getByRole('button', { name: 'Ver Resposta' }).click()
  const verdict = card.getByText(/Gabarito: ([A-E])/)
  await expect(verdict).toBeVisible()
  const right = (await verdict.textContent())!.match(/Gabarito: ([A-E])/)![1]
  await card.getByRole('radio', { name: new RegExp(`^${right === 'A' ? 'B' : 'A'}\\)`) }).check()
  await card.getByRole('button', { name: 'Responder', exact: true }).click()
  await expect(card.getByText('Sua resposta').first()).toBeVisible()
  return card
}

/**
 * A slow server for the requests `match` picks (of these `methods`, when given): they wait until
 * the returned `release()`, so a test sees the page's pending state for as long as it looks, then
 * lets the answer come, instead of holding every request a fixed time.
 */
export async function holdRequests(page: Page, match: (url: URL) => boolean, methods?: string[]) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(match, async (route) => {
    if (!methods || methods.includes(route.request().method())) await released
    await route.continue()
  })
  return release
}

/**
 * Modo resolução's way on after an answer, once the bar shows it: the rating 'Bom' after a right
 * answer (it goes on), 'Próxima' after a wrong one. Without JS the verdict can be on screen while
 * the bar below it is still being parsed: read too early, neither is there yet.
 */
export async function wayOn(page: Page) {
  const good = page.getByRole('button', { name: /^Bom/ })
  const next = page.getByRole('link', { name: 'Próxima' })
  await expect(good.or(next).first()).toBeVisible()
  return (await good.count()) ? good : next
}

/** Opens a card's 'Mais' menu (Vídeo, Detalhes, Reportar erro: a <details>, no JS needed). */
export async function openMore(page: Page, questionId: number) {
  await page.locator(`#questao-${questionId} summary`, { hasText: 'Mais' }).click()
}

export { freePort } from '../support/free-port'

/**
 * The built server as a process of its own on its own PGlite data directory, for a test about
 * the process or one that needs a moved clock (the suite's server keeps the real one).
 */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server/index.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output, stop: async () => (child.kill('SIGTERM'), exited) }
}

/**
 * Waits for a spawned server's /api/v1/health and returns its body. A cold PGlite start (WASM
 * load and migrations) takes seconds, more on a loaded CI machine.
 */
export async function waitForHealth(port: number, output: () => string, timeoutMs = 120_000) {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      if (res.ok) return res.json()
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not start: ${output()}`)
}
