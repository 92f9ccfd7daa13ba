import type { APIRequestContext, Page, Request } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { apiCall, startOwnServer } from './oab-server'
import { adminToken, DEMO_ADMIN, freePort, holdRequests, premiumStudent, registerViaApi, signIn, uniqueEmail, wayOn } from './utils'

// Issue 66, the answer loop in one round trip (ADR 093): with JS, Responder sends one request and
// its reply is the answered page (no redirect, no reload of every loader), and the next question,
// fetched while the student reads the verdict, shows without a request. Without JS the
// POST-redirect-GET is what it was. And what goes wrong: a prefetch on a dropped connection, a
// verdict that never comes, two taps in a row, a question removed after its prefetch.

/**
 * The page's own requests (documents and data), not its scripts and styles, nor Remix's route
 * discovery (`/__manifest`, asked in the background for links as they render: nothing waits on it).
 */
function pageRequests(page: Page) {
  const seen: Request[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (!path.startsWith('/build/') && path !== '/__manifest' && ['document', 'fetch', 'xhr'].includes(r.resourceType())) seen.push(r)
  })
  return seen
}

const describe = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`
const shownId = async (page: Page) => Number(await page.locator('input[name=questao]').first().getAttribute('value'))
const isPrefetch = (r: Request) => r.method() === 'GET' && r.headers()['purpose'] === 'prefetch'

async function attemptsOn(request: APIRequestContext, token: string, questionId: number) {
  const res = await request.get('/api/v1/me/export', { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()).attempts as { questionId: number }[]).filter((a) => a.questionId === questionId).length
}

/** The next question's prefetch come back (armed before the tap that starts it). */
const prefetchDone = (page: Page) => page.waitForResponse((r) => isPrefetch(r.request()) && r.status() === 200)

/**
 * Picks the first alternative and answers: the page's requests until the verdict showed (the
 * prefetches aside), and the next question's prefetch on its way (with JS).
 */
async function answerFirst(page: Page, seen: Request[], javaScriptEnabled: boolean) {
  await page.locator('article .qa > label').first().click()
  const from = seen.length
  const prefetched = javaScriptEnabled ? prefetchDone(page) : null
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toHaveText(/^(Você acertou!|Você errou\.) Gabarito: [A-E]/)
  return { before: seen.slice(from).filter((r) => !isPrefetch(r)), prefetched }
}

test('Responder: uma ida e volta até o veredito; a próxima questão aparece sem pedido; sem JS, o POST-redirect-GET de sempre', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')
  const seen = pageRequests(page)
  for (let n = 1; n <= 3; n++) {
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n} de `))
    const id = await shownId(page)
    const { before, prefetched } = await answerFirst(page, seen, javaScriptEnabled)
    if (javaScriptEnabled) {
      // One request, the answer, whose reply is the page: no redirect followed by every loader.
      expect(before.map(describe)).toEqual([expect.stringMatching(/^POST \/questoes\/resolver\?.*_data=routes%2Fquestoes_\.resolver$/)])
    } else {
      // The document's POST answers a redirect to the answered page, which the browser then GETs.
      expect(before.map(describe)).toEqual([
        expect.stringMatching(/^POST \/questoes\/resolver\?/),
        expect.stringMatching(new RegExp(`^GET /questoes/resolver\\?.*revelada=${id}&escolha=${id}-[A-E]`)),
      ])
      expect((await before[0]!.response())!.status()).toBe(302)
    }
    // The address says the answered state: a reload shows the same.
    await expect(page).toHaveURL(new RegExp(`revelada=${id}&escolha=${id}-[A-E].*#(correta|resultado)$`))
    const verdict = await page.getByTestId('veredito').textContent()
    let ahead = prefetched
    if (n === 1) {
      await prefetched
      // The reloaded page, hydrated, fetches the next one again.
      ahead = javaScriptEnabled ? prefetchDone(page) : null
      await page.reload()
      await expect(page.getByTestId('veredito')).toHaveText(verdict!)
    }
    expect(await attemptsOn(request, student.token, id)).toBe(1)

    await ahead
    const way = await wayOn(page)
    const rating = (await way.textContent())!.startsWith('Bom')
    // A rating waits in the background: held here, the next question must show all the same.
    const release = rating && javaScriptEnabled ? await holdRequests(page, (u) => u.pathname === '/questoes/resolver', ['POST']) : null
    const next = seen.length
    await way.click()
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n + 1} de `))
    await expect(page.getByTestId('veredito')).toHaveCount(0)
    if (javaScriptEnabled) {
      // Nothing asked to show it: the rating's own POST (if any) is all that left.
      const after = seen.slice(next)
      expect(after.filter((r) => r.method() === 'GET').map(describe)).toEqual([])
      expect(after.map(describe)).toEqual(rating ? [expect.stringMatching(/^POST \/questoes\/resolver\?/)] : [])
    }
    if (release) {
      release()
      await page.unroute((u) => u.pathname === '/questoes/resolver')
    }
  }
})

test('a busca adiantada não gasta a cota nem abre a questão: "Restam N" vem com a resposta, e a última da semana avisa', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  // Gratuito: 5 questions a week.
  const student = await registerViaApi(request)
  const auth = { Authorization: `Bearer ${student.token}` }
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')
  await expect(page.getByTestId('cota-semanal').first()).toContainText('Restam 5 de 5 questões nesta semana')
  const seen = pageRequests(page)
  for (let n = 1; n <= 5; n++) {
    await page.locator('article .qa > label').first().click()
    const prefetched = javaScriptEnabled && n < 5 ? prefetchDone(page) : null
    await page.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByTestId('veredito')).toBeVisible()
    if (n === 5) break
    if (javaScriptEnabled) {
      await prefetched
      // Fetched, not opened: the next question's key is not open, the week counts only what was answered.
      const ahead = new URL(seen.filter(isPrefetch).at(-1)!.url())
      expect(ahead.searchParams.get('pos')).toBe(String(n + 1))
      const policy = await (await request.get('/api/v1/policy', { headers: auth })).json()
      expect(policy.usage.questionsThisWeek).toBe(n)
    }
    await (await wayOn(page)).click()
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n + 1} de `))
    await expect(page.getByTestId('cota-semanal').first()).toContainText(new RegExp(`Restam? ${5 - n} de 5 questões nesta semana`))
    if (javaScriptEnabled) {
      const id = await shownId(page)
      expect((await request.get(`/api/v1/questions/${id}/revealed`, { headers: auth })).status()).toBe(404)
    }
  }
  // The fifth was the week's last: said in the flash beside the verdict (issue 61), with JS too.
  await expect(page.getByText('Era a sua última questão desta semana.').first()).toBeVisible()
})

test('uma busca adiantada nunca registra "Continuar estudando"', async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'a busca adiantada é do JavaScript')
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')
  const lastStudy = async () =>
    (await (await request.get('/api/v1/me/last-study', { headers: { Authorization: `Bearer ${student.token}` } })).json()).last_study as {
      path: string
      at: string
    } | null
  const saved = await lastStudy()
  expect(saved?.path).toContain('pos=1')
  // The page's own prefetch of a far position, as the browser would send it.
  const far = page.url().replace('pos=1', 'pos=7')
  const status = await page.evaluate(async (href) => {
    const url = new URL(href)
    url.searchParams.set('_data', 'routes/questoes_.resolver')
    return (await fetch(url, { headers: { Purpose: 'prefetch' } })).status
  }, far)
  expect(status).toBe(200)
  expect(await lastStudy()).toEqual(saved)
})

test('sem conexão na busca adiantada, a Próxima carrega como antes', async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'a busca adiantada é do JavaScript')
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')
  // Every prefetch fails as on a dropped signal.
  await page.route(
    (u) => u.pathname === '/questoes/resolver',
    (route) => (isPrefetch(route.request()) ? route.abort('internetdisconnected') : route.continue()),
  )
  const seen = pageRequests(page)
  await page.locator('article .qa > label').nth(1).click()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toBeVisible()
  await expect.poll(() => seen.some(isPrefetch)).toBe(true)
  const next = seen.length
  await (await wayOn(page)).click()
  await expect(page.getByTestId('progresso')).toHaveText(/^Questão 2 de /)
  await expect(page.getByRole('button', { name: 'Responder' })).toBeVisible()
  // The normal load took its place.
  expect(seen.slice(next).some((r) => r.method() === 'GET' && !isPrefetch(r))).toBe(true)
})

test('um veredito que não vem: a resposta fica no aparelho e é registrada uma vez só; dois toques em Responder, um pedido', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript a resposta é um POST do navegador, que mostra a própria espera')
  test.setTimeout(90_000)
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=2')
  const id = await shownId(page)
  const seen = pageRequests(page)
  // The server gets the answer, but its reply never reaches the phone.
  let arrived!: () => void
  const posted = new Promise<void>((resolve) => (arrived = resolve))
  await page.route(
    (u) => u.pathname === '/questoes/resolver',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await route.fetch()
      arrived()
      // and the phone hears nothing more.
    },
  )
  await page.locator('article .qa > label').nth(1).click()
  const responder = page.getByRole('button', { name: 'Responder' })
  // Two taps in a row: one request.
  await responder.dblclick()
  await posted
  await expect(page.getByTestId('sem-conexao')).toHaveText('Sem conexão — sua resposta será enviada quando voltar', { timeout: 25_000 })
  await expect(page.locator('article .qa input[type=radio]').nth(1)).toBeChecked()
  // (the device's sync of the queued copy is a POST of its own, to /estudar-offline)
  expect(seen.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/questoes/resolver').map(describe)).toHaveLength(1)
  expect(await attemptsOn(request, student.token, id)).toBe(1)

  // The queued copy goes when the device syncs: the server knows its id, nothing is recorded twice.
  await page.unroute((u) => u.pathname === '/questoes/resolver')
  const synced = page.waitForResponse((r) => r.url().includes('/estudar-offline') && r.request().method() === 'POST')
  await page.goto('/dashboard')
  await synced
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete')
  expect(await attemptsOn(request, student.token, id)).toBe(1)
})

test('num banco próprio: uma questão removida ou mudada depois da busca adiantada (a mensagem certa, nada registrado, a página segue); uma Revisão em uma ida e volta', async ({
  browser,
  javaScriptEnabled,
}) => {
  // A server of its own: an exam imported into the suite's bank would change what other specs
  // count, and Revisão needs its clock moved (the suite's keeps the real one).
  test.setTimeout(300_000)
  const server = await startOwnServer(await freePort(), { CLOCK_OFFSET_SECONDS: '0' })
  const context = await browser.newContext({
    baseURL: server.base,
    javaScriptEnabled,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  const request = context.request
  try {
    const student = await removedAfterPrefetch(page, request, javaScriptEnabled)
    await changedAfterPrefetch(page, request, student.token, javaScriptEnabled)
    await reviewRun(page, server, javaScriptEnabled)
  } finally {
    await context.close()
    await server.stop()
  }
})

/** An exam of its own in the test's bank, uploaded again at will (`force`), each statement saying its version. */
function ownExam(request: APIRequestContext, tag: string) {
  const exam = (numbers: number[], version: string) =>
    [
      `PROVA: Prova ${tag}`,
      'ANO: 2024',
      'BANCA: FGV',
      '',
      ...numbers.flatMap((n) => [
        `QUESTAO: ${n}`,
        'DISCIPLINA: Direito Penal',
        'ENUNCIADO:',
        `Questão ${n} da prova ${tag}${version}.`,
        'A) Primeira',
        'B) Segunda',
        'GABARITO: A',
        '',
      ]),
    ].join('\n')
  return async (numbers: number[], force = false, version = '') => {
    const res = await request.post(`/api/v1/admin/questions/upload-exam-txt?force=${force}`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      multipart: { file: { name: `${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(exam(numbers, version)) } },
    })
    expect(res.status(), await res.text()).toBe(200)
    return res.json()
  }
}

/**
 * Revisão is modo resolução over the review queue (ADR 093): one request before the verdict with
 * JS, the queue's next question shown without one; without JS the POST-redirect-GET. Three
 * questions answered wrong come due when the server's clock moves two days on.
 */
async function reviewRun(
  page: Page,
  server: { base: string; restart: (env: Record<string, string>) => Promise<void> },
  javaScriptEnabled: boolean,
) {
  const { base } = server
  const student = { name: 'Rui Revisão', email: uniqueEmail('revisao-loop'), password: 'revisao12345' }
  const { token } = await apiCall(base, 'POST', '/auth/register', null, { ...student, password_confirmation: student.password })
  const admin = (await apiCall(base, 'POST', '/auth/login', null, DEMO_ADMIN)).token as string
  const search = await apiCall(base, 'GET', '/questions/search?per_page=3&annulled=false', token)
  // Three questions answered wrong today are due for review two days later.
  for (const q of search.data as { id: number; alternatives: { letter: string }[] }[]) {
    const key = (await apiCall(base, 'POST', `/questions/${q.id}/reveal`, admin)).correct_answer as string
    await apiCall(base, 'POST', `/questions/${q.id}/attempts`, token, { answer: q.alternatives.find((a) => a.letter !== key)!.letter })
  }
  await server.restart({ CLOCK_OFFSET_SECONDS: String(2 * 86_400) })
  await page.context().clearCookies()
  await signIn(page, student, '/questoes/resolver?situacao=revisar&pos=1')
  const seen = pageRequests(page)
  for (let n = 1; n <= 2; n++) {
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n} de 3`))
    const { before, prefetched } = await answerFirst(page, seen, javaScriptEnabled)
    expect(before.map(describe)).toEqual(
      javaScriptEnabled
        ? [expect.stringMatching(/^POST \/questoes\/resolver\?situacao=revisar&.*_data=routes%2Fquestoes_\.resolver$/)]
        : [
            expect.stringMatching(/^POST \/questoes\/resolver\?situacao=revisar&/),
            expect.stringMatching(/^GET \/questoes\/resolver\?situacao=revisar&/),
          ],
    )
    await prefetched
    const way = await wayOn(page)
    const next = seen.length
    await way.click()
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n + 1} de 3`))
    await expect(page.getByTestId('veredito')).toHaveCount(0)
    const after = seen.slice(next).map(describe)
    // With JS the queue's next question was fetched while the verdict was read: no GET to show it.
    if (javaScriptEnabled) expect(after.filter((r) => r.startsWith('GET'))).toEqual([])
    else expect(after).toContainEqual(expect.stringMatching(/^GET \/questoes\/resolver\?situacao=revisar&/))
  }
}

async function removedAfterPrefetch(page: Page, request: APIRequestContext, javaScriptEnabled: boolean) {
  const tag = `adiantada${Date.now()}`
  const upload = ownExam(request, tag)
  await upload([1, 2, 3])
  const student = await premiumStudent(request)
  await signIn(page, student, `/questoes/resolver?q=${tag}&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText('Questão 1 de 3')
  await page.locator('article .qa > label').first().click()
  const prefetched = javaScriptEnabled ? prefetchDone(page) : null
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toBeVisible()
  await prefetched
  // The next question, fetched already (with JS), is removed from the bank before the tap.
  const shown = new URL(page.url())
  const next = await request.get(`/api/v1/questions/search?search_term=${tag}&per_page=10`)
  const first = await shownId(page)
  const left = ((await next.json()).data as { id: number; question_number: number }[]).filter((c) => c.id !== first)
  const keep = ((await next.json()).data as { id: number; question_number: number }[]).find((c) => c.id === first)!.question_number
  expect(left).toHaveLength(2)
  await (await wayOn(page)).click()
  await expect(page.getByTestId('progresso')).toHaveText(/^Questão 2 de /)
  const second = await shownId(page)
  const removed = left.find((c) => c.id === second)!
  await upload(
    [1, 2, 3].filter((n) => n !== removed.question_number),
    true,
  )
  expect((await request.get(`/api/v1/questions/${removed.id}`)).status()).toBe(404)
  expect(keep).not.toBe(removed.question_number)
  expect(shown.searchParams.get('pos')).toBe('1')

  await page.locator('article .qa > label').first().click()
  await page.getByRole('button', { name: 'Responder' }).click()
  // With JS the page fetched ahead still shows it: the answer is refused with the API's words.
  await expect(page.getByText('Questão não encontrada')).toBeVisible()
  await expect(page.getByTestId('veredito')).toHaveCount(0)
  // Never a blank screen, nothing recorded, and the run goes on.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await attemptsOn(request, student.token, removed.id)).toBe(0)
  await expect(page.getByRole('link', { name: 'Próxima' }).first()).toBeVisible()
  return student
}

/**
 * A re-upload changes the next question's statement after it was fetched ahead (ADR 097): with JS
 * the tap shows the version fetched, and its answer is refused (nothing recorded) with the version
 * there is now on screen; without JS the tap loads the new version, and a tab left open while it
 * changes again is refused the same way. Answered again, it counts once.
 */
async function changedAfterPrefetch(page: Page, request: APIRequestContext, token: string, javaScriptEnabled: boolean) {
  const tag = `mudada${Date.now()}`
  const upload = ownExam(request, tag)
  await upload([1, 2])
  await page.goto(`/questoes/resolver?q=${tag}&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText('Questão 1 de 2')
  await page.locator('article .qa > label').first().click()
  const prefetched = javaScriptEnabled ? prefetchDone(page) : null
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toBeVisible()
  await prefetched
  await upload([1, 2], true, ' (versão 2)')
  // The shown-at token knows the second only, and a card shown in the change's own second counts
  // as before it (ADR 097): a student reads for longer than that, this test would not.
  await page.waitForTimeout(1_000)
  await (await wayOn(page)).click()
  await expect(page.getByTestId('progresso')).toHaveText('Questão 2 de 2')
  const id = await shownId(page)
  const statement = page.locator('article .qs')
  await expect(statement).toHaveText(javaScriptEnabled ? new RegExp(`${tag}\\.$`) : /\(versão 2\)\.$/)
  // Without JS the page loaded the new version: it changes again while the student reads it.
  if (!javaScriptEnabled) {
    await upload([1, 2], true, ' (versão 3)')
    await page.waitForTimeout(1_000)
  }
  const now = javaScriptEnabled ? /\(versão 2\)\.$/ : /\(versão 3\)\.$/

  await page.locator('article .qa > label').first().click()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByText('Esta questão foi atualizada depois que você a abriu. Leia a versão atual e responda de novo.')).toBeVisible()
  await expect(page.getByTestId('veredito')).toHaveCount(0)
  await expect(statement).toHaveText(now)
  await expect(page.getByTestId('progresso')).toHaveText('Questão 2 de 2')
  expect(await attemptsOn(request, token, id)).toBe(0)

  await page.locator('article .qa > label').first().click()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('veredito')).toBeVisible()
  expect(await attemptsOn(request, token, id)).toBe(1)
}

test('a nota que não chega é dita na questão seguinte, que já está na tela', async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript a nota é o POST do formulário, que leva à próxima')
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')
  // Right answers until one asks for a rating (its key read by the admin).
  const token = await adminToken(request)
  for (let n = 1; ; n++) {
    const id = await shownId(page)
    const key = (await (await request.post(`/api/v1/questions/${id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })).json())
      .correct_answer as string | null
    if (key) await page.getByRole('radio', { name: new RegExp(`^${key}\\)`) }).check()
    else await page.locator('article .qa > label').first().click()
    const prefetched = prefetchDone(page)
    await page.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByTestId('veredito')).toBeVisible()
    await prefetched
    // The way on comes with the answer's lazy part: waited for, not read before it shows.
    const way = await wayOn(page)
    if ((await way.textContent())!.startsWith('Bom')) break
    await way.click()
    await expect(page.getByTestId('progresso')).toHaveText(new RegExp(`^Questão ${n + 1} de `))
  }
  const at = await page.getByTestId('progresso').textContent()
  // The rating's POST is lost on the way.
  await page.route(
    (u) => u.pathname === '/questoes/resolver',
    (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()),
  )
  await page.getByRole('button', { name: /^Bom/ }).click()
  await expect(page.getByTestId('progresso')).not.toHaveText(at!)
  await expect(page.getByTestId('nota-falhou')).toHaveText('Não foi possível salvar a nota da questão anterior (sem conexão?).')
  await expect(page.getByRole('button', { name: 'Responder' })).toBeVisible()
})

test('no simulado, uma escolha salva é um pedido só: o cartão e a contagem mudam com a resposta dele; sem JS, Salvar e próxima como antes', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  await signIn(page, await premiumStudent(request), '/simulados')
  await page.getByLabel('Número de questões').fill('5')
  await page.getByRole('button', { name: 'Iniciar simulado personalizado' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questão 1 de 5')
  await expect(page.getByTestId('progresso')).toContainText('0/5')
  const seen = pageRequests(page)
  await page.locator('article .qa > label').nth(1).click()
  if (javaScriptEnabled) {
    await expect(page.getByRole('status').filter({ hasText: 'Resposta salva.' })).toBeVisible()
    // The sheet and the count in the bar say it, from the save's own reply: nothing reloaded.
    await expect(page.getByRole('link', { name: 'Questão 1 — respondida (B)' }).first()).toBeVisible()
    await expect(page.getByTestId('progresso')).toContainText('1/5')
    await expect(page.getByTestId('situacao')).toHaveText(/^1 de 5 respondidas · 4 em branco/)
    expect(seen.map(describe)).toEqual([expect.stringMatching(/^POST \/simulados\/\d+\?pos=1&_data=routes%2Fsimulados_\.%24id$/)])
  }
  // 'Salvar e próxima' moves on, with JS or without; the sheet still holds the first answer.
  await page.getByRole('button', { name: 'Salvar e próxima' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questão 2 de 5')
  await expect(page.getByRole('link', { name: 'Questão 1 — respondida (B)' }).first()).toBeVisible()
  await expect(page.getByTestId('progresso')).toContainText('1/5')
  // Back to the first: the page loads it again, and it is still B.
  await page.getByRole('link', { name: 'Anterior' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questão 1 de 5')
  await expect(page.getByRole('radio', { name: /^B\)/ })).toBeChecked()
})

test('no simulado, "Salvar e próxima" é um pedido só até a próxima questão, que começa do topo; sem JS, o POST-redirect-GET de sempre', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const student = await premiumStudent(request)
  await signIn(page, student, '/simulados')
  await page.getByLabel('Número de questões').fill('5')
  await page.getByRole('button', { name: 'Iniciar simulado personalizado' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questão 1 de 5')
  const id = Number(/\/simulados\/(\d+)/.exec(page.url())![1])
  const seen = pageRequests(page)
  const letters: string[] = []
  for (let n = 1; n <= 3; n++) {
    // The second, the last and the first alternative: a question may have two to five.
    const radios = page.locator('article .qa input[name=resposta]')
    const count = await radios.count()
    const radio = radios.nth([1, count - 1, 0][n - 1]!)
    const letter = (await radio.getAttribute('value'))!
    letters.push(letter)
    if (javaScriptEnabled && n === 2) {
      // Chosen without its own save (no change event): only 'Salvar e próxima' records it, and the
      // next question's page, read after that save, must say it.
      await radio.evaluate((el: HTMLInputElement) => (el.checked = true))
    } else {
      await radio.check()
      if (javaScriptEnabled) await expect(page.getByRole('status').filter({ hasText: 'Resposta salva.' })).toBeVisible()
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const from = seen.length
    await page.getByRole('button', { name: 'Salvar e próxima' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Questão ${n + 1} de 5`)
    await expect(page).toHaveURL(new RegExp(`/simulados/${id}\\?pos=${n + 1}$`))
    const moved = seen.slice(from)
    if (javaScriptEnabled) {
      // One request, the save, whose reply is the next question: no redirect, no reload of every loader.
      expect(moved.map(describe)).toEqual([`POST /simulados/${id}?pos=${n}&_data=routes%2Fsimulados_.%24id`])
      const reply = (await moved[0]!.response())!
      expect(reply.status()).toBe(200)
      expect(reply.headers()['x-remix-redirect']).toBeUndefined()
    } else {
      expect(moved.map(describe)).toEqual([`POST /simulados/${id}?pos=${n}`, `GET /simulados/${id}?pos=${n + 1}`])
      expect((await moved[0]!.response())!.status()).toBe(302)
    }
    // The new question starts at its top; the sheet and the count hold the answer just saved.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('link', { name: `Questão ${n} — respondida (${letter})` }).first()).toBeVisible()
    await expect(page.getByTestId('progresso')).toContainText(`${n}/5`)
  }
  // What the server holds: each answer as chosen.
  const sheet = (await (
    await request.get(`/api/v1/simulations/${id}`, { headers: { Authorization: `Bearer ${student.token}` } })
  ).json()) as { sheet: { position: number; choice: string | null }[] }
  expect(sheet.sheet.slice(0, 4).map((c) => c.choice)).toEqual([...letters, null])
  // A reload shows the same question: the address is the page.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questão 4 de 5')
  await expect(page.getByTestId('situacao')).toHaveText(/^3 de 5 respondidas · 2 em branco/)
})
