import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { expect, test } from '@playwright/test'

import { CSS_GZIP_BUDGET, HTML_BUDGET, JS_GZIP_BUDGET, pageBytes } from '../../bench/page-bytes'
import { holdRequests, hydrated, premiumStudent, signIn, studiedQuestion } from './utils'

// Issue 5's page budgets, checked on every run (the benchmark reports them too): a new
// dependency pulled into the root chunk fails here, not weeks later in a bench report.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'byte budgets are measured once, in the js-on project')

test('/questoes stays within its HTML and JavaScript budgets; the login forms load on demand', async ({ baseURL, page }) => {
  const bytes = await pageBytes(baseURL!, '')
  expect(bytes.htmlBytes).toBeLessThanOrEqual(HTML_BUDGET)
  expect(bytes.jsGzip).toBeLessThanOrEqual(JS_GZIP_BUDGET)
  // Issue 16: the stylesheets too (Tailwind's output grows with every class a page adds).
  expect(bytes.styles.length).toBeGreaterThan(0)
  expect(bytes.cssGzip).toBeLessThanOrEqual(CSS_GZIP_BUDGET)
  // ADR 072: what every page loads is one file beside the entry and the root; a phone on HTTP/1.1
  // fetches six files at a time, and the list named 31 before (19 since).
  expect(bytes.scripts.length).toBeLessThanOrEqual(20)

  // Issue 41: a page's scripts and stylesheets carry only the headers a file uses, kept a
  // year; the pages' policy and framing headers (≈ 1 KB each) stay on the pages.
  for (const asset of [bytes.scripts[0]!, bytes.styles[0]!]) {
    const res = await fetch(`${baseURL}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBeNull()
    const headerBytes = [...res.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0)
    expect(headerBytes).toBeLessThan(400)
  }
  const page404 = await fetch(`${baseURL}/build/_shared/nao-existe.js`)
  expect(page404.status).toBe(404)

  // The dialog's forms (Conform + zod) arrive only when a protected link is approached.
  const chunks: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) chunks.push(new URL(r.url()).pathname)
  })
  await page.goto('/questoes')
  // The visitor's list runs its scripts on first use (ADR 098): the page's own, then the approach.
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  const before = new Set(chunks)
  const lock = page.locator('a[data-login-modal]').first()
  await lock.hover()
  await lock.click()
  await expect(page.getByRole('dialog', { name: 'Login necessário' }).getByLabel('Email')).toBeVisible()
  expect(chunks.filter((c) => !before.has(c)).length).toBeGreaterThan(0)
})

// Issue 16: the signed-in pages a student lives on, held to the same budgets. A Premium student
// (the forum and the assistant are paid features) with a notebook, a note, an answer and a forum
// topic, so every page renders its full, non-empty form.
//
// Pages with a Conform form meet the JavaScript budget because zod arrives only when a form is
// touched (ADR 029), and the signed-in list meets the HTML budget since its cards' icons became CSS,
// the header stopped rendering its theme switch twice and the cards lost their wrappers (72 KB here;
// 74–80 KB on the real OAB exams, bench/oab-bytes.ts). A tool's dialog over that list adds its own
// markup to the list's (76–81 KB here): those pages get a ceiling a little above today's figures,
// for the random order of the list behind them, and can only get lighter (bench/README.md).
const KB = 1024
// Issue 40's words on the list (the filter 'Com análise do professor ou comentário da prova') and the
// bank's varying statements put Discussões at 86,073–86,117 bytes in some runs: 85 KB.
const TOOL_OVER_LIST_HTML_CEILING = 85 * KB
// Its JavaScript too: the list's (status, exam, analysis and annulled filters, the last result on
// each card: issue 27) plus the tool's forms (Conform) measured 130.6 KB on Discussões, 0.5% over
// the budget the other pages keep. A ceiling, not a new budget: it comes down, and goes up only
// for a measured reason. Issue 29 added 140 bytes: the header's Simulados link (82, in the root
// chunk on every page) and the question stylesheet's URL in a chunk of its own (82), now that the
// simulado pages share it; hence 131.5 KB. Issue 38 added 0.7 KB to every card (the "Pode estar
// desatualizada" badge and note, "Legislação citada" under the answer and in the filters; the
// forms' checkbox was moved out of the cards' bundle): 135,355 bytes measured on Discussões, hence 132.5 KB.
// Issue 39 added 0.8 KB to every page (the service worker's start, the root's sender of answers
// kept offline and its shouldRevalidate, the error page's "Sem conexão"): 136,191 bytes, hence 133.5 KB.
// Issue 40 added 1 KB to every card's answer (who wrote the explanation, the comment on each
// alternative, the community's most-voted answer and its link; a chunk shared with the analysis
// dialog, the simulado result and offline study): 137,342 bytes, hence 134.5 KB. Issue 41 drew the
// shell's icons inline (out of the answer loop's first load), and these pages still load the icon
// library for their own: 137,928 bytes, hence 135 KB.
const TOOL_OVER_LIST_JS_CEILING = 135 * KB

test('signed-in pages (questões and its tools, dashboard tabs, notebook, forum, assistant, ranking, profile, plans) stay within the budgets', async ({
  baseURL,
  page,
  request,
}) => {
  const student = await premiumStudent(request, { name: 'Bruna Orçamento' })
  const { questionId, notebookId } = await studiedQuestion(request, student.token)
  const topic = await request.post(`/api/v1/questions/${questionId}/forum/topics`, {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { title: 'Dúvida sobre o prazo', content: 'Qual é o prazo aplicável neste caso?' },
  })
  expect(topic.status(), await topic.text()).toBe(201)

  await signIn(page, student)
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const pages: { path: string; html?: number; js?: number }[] = [
    { path: '/questoes' },
    { path: '/dashboard' },
    { path: '/dashboard?aba=cadernos' },
    { path: '/dashboard?aba=desempenho' },
    { path: '/dashboard?aba=comentarios' },
    { path: '/dashboard?aba=forum' },
    { path: '/dashboard?aba=configuracoes' },
    { path: '/plano-de-estudos' },
    { path: `/notebook/${notebookId}/questions` },
    { path: `/questoes/${questionId}/discussoes`, html: TOOL_OVER_LIST_HTML_CEILING, js: TOOL_OVER_LIST_JS_CEILING },
    { path: `/questoes/${questionId}/desempenho`, html: TOOL_OVER_LIST_HTML_CEILING },
    { path: `/questoes/${questionId}/anotacoes`, html: TOOL_OVER_LIST_HTML_CEILING, js: TOOL_OVER_LIST_JS_CEILING },
    { path: `/questoes/${questionId}/cadernos`, html: TOOL_OVER_LIST_HTML_CEILING, js: TOOL_OVER_LIST_JS_CEILING },
    { path: '/editar-perfil' },
    { path: '/trocar-plano' },
    { path: '/assistente' },
    { path: '/ranking' },
  ]
  for (const { path, html = HTML_BUDGET, js = JS_GZIP_BUDGET } of pages) {
    const bytes = await pageBytes(baseURL!, cookie, path)
    // A page that bounced to /login would be small and pass: each must be the page asked for.
    expect(bytes.status, path).toBe(200)
    expect.soft(bytes.htmlBytes, `${path}: HTML bytes`).toBeLessThanOrEqual(html)
    expect.soft(bytes.jsGzip, `${path}: JavaScript, gzip`).toBeLessThanOrEqual(js)
    expect.soft(bytes.cssGzip, `${path}: CSS, gzip`).toBeLessThanOrEqual(CSS_GZIP_BUDGET)
  }
})

// Issue 41: the answer loop's first load, ≤ 100 KB (React, React DOM and Remix's router are 85 KB of
// it). The shell's icons are drawn inline (app/components/glyph.tsx), the loop's forms show the
// action's reply without Conform's runtime (app/utils/form-reply.ts), the floating assistant and the
// visitor's login dialog load after hydration, and modo resolução's answered parts (the answer's
// panel, the rating buttons, the run's summary) arrive with the first answer: measured 95.0 KB on
// /revisao (the queue's page), 97.9 KB on a simulado's question and 99.7 KB in modo resolução, where
// Revisão's questions are answered too. The next question loads no script.
const LOOP_JS = { revisao: 100 * KB, simulado: 100 * KB, resolver: 100 * KB }

test('the answer loop stays within its JavaScript ceilings, the answer brings its panel once, and the next question loads no new script', async ({
  baseURL,
  page,
  request,
}) => {
  const student = await premiumStudent(request, { name: 'Lia Laço' }, 'PRO')
  await signIn(page, student)
  // First the next question, before a simulado holds any question of this student.
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
  })
  await page.goto('/questoes/resolver?anuladas=excluir&pos=1')
  await page.waitForLoadState('networkidle')
  const firstLoad = scripts.length
  await page.locator('.qa input[type="radio"]').first().check()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toBeVisible()
  // The answer's panel comes with the first answer, in a chunk of its own; then nothing more.
  await expect(page.getByTestId('resposta')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const answered = scripts.length
  expect(scripts.slice(firstLoad, answered).some((s) => s.includes('after-answer'))).toBe(true)
  // Próxima after a wrong answer; a right one is rated (Bom) and goes on.
  await page
    .getByRole('link', { name: 'Próxima' })
    .or(page.getByRole('button', { name: /^Bom/ }))
    .first()
    .click()
  await expect(page).toHaveURL(/pos=2/)
  await page.waitForLoadState('networkidle')
  expect(scripts.slice(answered)).toEqual([])

  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const weigh = async (path: string, ceiling: number) => {
    // Modo resolução redirects to its full address first: the page itself is weighed.
    const landed = new URL((await fetch(`${baseURL}${path}`, { headers: { cookie } })).url)
    const bytes = await pageBytes(baseURL!, cookie, `${landed.pathname}${landed.search}`)
    expect(bytes.status, path).toBe(200)
    expect.soft(bytes.jsGzip, `${path}: JavaScript, gzip`).toBeLessThanOrEqual(ceiling)
  }
  await weigh('/questoes/resolver?anuladas=excluir&pos=3', LOOP_JS.resolver)
  await weigh('/revisao', LOOP_JS.revisao)
  const sitting = await request.post('/api/v1/simulations', {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { kind: 'personalizado', size: 5 },
  })
  expect(sitting.status(), await sitting.text()).toBe(201)
  const simulationId = (await sitting.json()).simulation.id as number
  await weigh(`/simulados/${simulationId}`, LOOP_JS.simulado)
})

// What keeps the form pages within the JavaScript budget (ADR 029): zod is not part of the first
// load; touching a form brings it, and from then on the form validates in the browser.
test('a form loads its schema when first touched, then validates on the client without a request', async ({ page }) => {
  const scripts: string[] = []
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
    if (r.method() === 'POST') posts.push(r.url())
  })
  await page.goto('/contato')
  await page.waitForLoadState('networkidle')
  const firstLoad = scripts.length
  // A slow connection: the schema arrives after the student has already left the field, and
  // the check of that blur is made then.
  const release = await holdRequests(page, (url) => url.pathname.endsWith('.js'))
  const email = page.getByLabel('Email')
  await email.click()
  await email.fill('sem-arroba')
  await email.blur()
  await expect.poll(() => scripts.length).toBeGreaterThan(firstLoad)
  await expect(page.getByText('Digite um email válido')).toHaveCount(0)
  release()
  await expect(page.getByText('Digite um email válido')).toBeVisible()
  expect(posts).toEqual([])
})

test('a form whose schema has not arrived (offline, slow) is still checked, by the action, with the same messages', async ({ page }) => {
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname)
  })
  await page.goto('/contato')
  await page.waitForLoadState('networkidle')
  // Every script requested from now on fails: the schema and zod never arrive.
  await page.route('**/*.js', (route) => route.abort())
  await page.getByLabel('Nome').fill('Ana')
  await page.getByLabel('Email').fill('sem-arroba')
  await page.getByLabel('Assunto').fill('Dúvida')
  await page.getByLabel('Mensagem', { exact: true }).fill('Uma pergunta sobre os planos.')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByText('Digite um email válido')).toBeVisible()
  expect(posts).toContain('/contato')
})

// ADR 077: the server's heap holds what it renders. The charts are drawn only in the browser
// (`*.client.tsx`), the icons are bundled one by one, and undici waits for a call over a socket:
// loaded at start, the three held 13 MB of the server's heap and 23 MB of its RSS. Loading the
// pages' build records each package it imports; a static import of one of them brings it back.
test('loading the server build imports no chart library, no whole icon set and no HTTP client', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-imports-'))
  const log = path.join(dir, 'imports.txt')
  const hook = `import fs from 'node:fs'
export async function resolve(specifier, context, next) {
  // A bare specifier: neither relative, absolute nor a URL (node:, file:, data:).
  if (!/^([./]|[a-z][a-z0-9+.-]*:)/i.test(specifier)) fs.appendFileSync(${JSON.stringify(log)}, specifier + '\\n')
  return next(specifier, context)
}`
  const build = pathToFileURL(path.resolve(process.env.BUILD_DIR || 'build', 'remix/index.js')).href
  const script = `import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}))
await import(${JSON.stringify(build)})`
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')
  let imported: Set<string>
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production' } })
    imported = new Set(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map(packageOf))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  // What it must import, so the record is known to work.
  expect(imported).toContain('react')
  expect(imported).toContain('@remix-run/react')
  for (const pkg of ['recharts', 'lucide-react', 'undici']) expect(imported, pkg).not.toContain(pkg)
})
