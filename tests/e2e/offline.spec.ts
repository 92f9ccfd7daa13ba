import type { Page, Route } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { premiumStudent, registerViaApi, signIn } from './utils'

// Issue 39 §6, practice that survives a dropped signal, in Chromium with the network switched off:
// an installable app (manifest, service worker), questions downloaded from a modo resolução run,
// 20 answered offline with the key on the device, a Responder that loses the connection kept, and
// back online every answer in the student's history with its time, the queue empty, and a second
// sync adding nothing.

test.use({ serviceWorkers: 'allow' })

type Queued = { client_id: string; owner: string; question_id: number; answer: string; answered_at: string }

/** A store of the device's offline database, read as it is (every account's rows). */
const rowsOf = <T>(page: Page, store: 'queue' | 'questions') =>
  page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('gabarita-offline')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(name)) return resolve([])
          const request = open.result.transaction(name).objectStore(name).getAll()
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result)
          }
        }
      }),
    store,
  ) as Promise<T[]>
const queueOf = (page: Page) => rowsOf<Queued>(page, 'queue')

/** Every page and response the service worker keeps, as text. */
const cachedTexts = (page: Page) =>
  page.evaluate(async () => {
    const texts: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const key of await cache.keys()) texts.push(`${key.url}\n${await (await cache.match(key))!.text()}`)
    }
    return texts
  })

test('20 answers offline, then synced once; a dropped Responder is kept', async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(180_000)
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=1')

  if (!javaScriptEnabled) {
    // Device storage needs JavaScript: no button that would do nothing; the page says so, and the
    // rest of the site works without.
    await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeHidden()
    await page.getByRole('link', { name: 'Estudar offline' }).click()
    await expect(page.getByTestId('offline-sem-js')).toContainText('Estudar offline precisa de JavaScript')
    return
  }

  // Installable: a manifest with its icons, and the service worker in control.
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ name: expect.stringContaining('Gabarita'), start_url: '/dashboard', display: 'standalone' })
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png')
  await page.evaluate(() => navigator.serviceWorker.ready)
  const cdp = await page.context().newCDPSession(page)
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])

  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click()
  await expect(page.getByTestId('baixadas')).toHaveText(/^\d+ questões baixadas para estudar offline\.$/)
  const downloaded = Number((await page.getByTestId('baixadas').textContent())!.split(' ')[0])
  expect(downloaded).toBeGreaterThanOrEqual(20)
  await page.goto('/estudar-offline')
  await expect(page.getByTestId('fila')).toHaveText(`${downloaded} questões baixadas · 0 respostas aguardando envio`)

  // Offline: the page comes from the service worker, the questions from the device.
  await page.context().setOffline(true)
  await page.reload()
  await expect(page.getByTestId('fila')).toContainText(`${downloaded} questões baixadas`)
  const answeredAt: number[] = []
  for (let n = 1; n <= 20; n++) {
    await expect(page.locator('article .qm')).toHaveText(new RegExp(`^${n} de ${downloaded} · `))
    await page.locator('article .qa > label').first().click()
    answeredAt.push(Date.now())
    await page.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByTestId('veredito')).toHaveText(/^(Você acertou!|Você errou\.) Gabarito: [A-E]$/)
    await expect(page.locator('#correta')).toBeVisible()
    await page.getByRole('button', { name: 'Próxima' }).click()
  }
  await expect(page.getByTestId('fila')).toContainText('20 respostas aguardando envio')
  // In answering order (the store keeps them by their random ids).
  const queue = (await queueOf(page)).sort((a, b) => a.answered_at.localeCompare(b.answered_at))
  expect(queue).toHaveLength(20)
  expect(new Set(queue.map((a) => a.client_id)).size).toBe(20)

  // A page that is not kept: our offline page, not an error.
  await page.goto('/ranking')
  await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible()

  // Back online: the queue is sent by itself.
  const backOnline = Date.now()
  await page.context().setOffline(false)
  await page.goto('/estudar-offline')
  await expect(page.getByTestId('fila')).toHaveText(`${downloaded} questões baixadas · 0 respostas aguardando envio`)
  const auth = { Authorization: `Bearer ${student.token}` }
  for (const [i, a] of queue.entries()) {
    const card = (await (await request.get(`/api/v1/questions/${a.question_id}`, { headers: auth })).json()).data
    expect(card.my_last_attempt, `questão ${a.question_id}`).not.toBeNull()
    // Recorded at the time it was given offline (after its alternative was tapped), not when it was sent.
    expect(card.my_last_attempt.at).toBe(new Date(a.answered_at).toISOString())
    expect(Date.parse(a.answered_at)).toBeGreaterThanOrEqual(answeredAt[i]! - 1_000)
    expect(Date.parse(a.answered_at)).toBeLessThan(backOnline)
  }
  // A second sync of the same answers adds nothing.
  const again = await page.evaluate(async (answers) => {
    const csrf = (document.querySelector('input[name=csrf]') as HTMLInputElement | null)?.value
    const body = new FormData()
    body.set('csrf', csrf ?? '')
    body.set('intent', 'enviar')
    body.set('conta', answers[0]!.owner)
    body.set('respostas', JSON.stringify(answers))
    const res = await fetch('/estudar-offline?_data=routes%2Festudar-offline', { method: 'POST', body })
    return (await res.json()).results as { status: string }[]
  }, queue)
  expect(again.map((r) => r.status)).toEqual(Array(20).fill('duplicate'))
})

test('a Responder that loses the connection keeps the question and the choice, and is sent when it returns', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript a resposta é um POST comum; sem conexão, o navegador mostra a própria página de erro')
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes/resolver?anuladas=excluir&pos=3')
  const id = Number(await page.locator('input[name=questao]').first().getAttribute('value'))
  await page.context().setOffline(true)
  await page.locator('article .qa > label').nth(1).click()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('sem-conexao')).toHaveText('Sem conexão — sua resposta será enviada quando voltar')
  await expect(page.locator('article .qa input[type=radio]').nth(1)).toBeChecked()
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
  // Próxima offline: no server error either.
  await page.getByRole('link', { name: 'Próxima' }).click()
  await expect(page.getByRole('heading', { name: 'Sem conexão' })).toBeVisible()

  await page.context().setOffline(false)
  await page.goto('/dashboard')
  const auth = { Authorization: `Bearer ${student.token}` }
  await expect
    .poll(async () => (await (await request.get(`/api/v1/questions/${id}`, { headers: auth })).json()).data.my_last_attempt !== null)
    .toBe(true)
})

test('a shared phone: downloads stay with their account, unsent answers wait for it, nothing personal is cached', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript não há questões no aparelho (o primeiro teste confere o que a página diz)')
  test.setTimeout(180_000)
  const ana = await premiumStudent(request, { name: 'Ana Compartilhada' })
  const bruno = await registerViaApi(request, { name: 'Bruno Compartilhado' })
  const attemptsOf = async (token: string) =>
    (await (await request.get('/api/v1/me/export', { headers: { Authorization: `Bearer ${token}` } })).json()).attempts as {
      question_id: number
    }[]

  // Ana downloads, answers three offline, and finds her place again after a reload.
  await signIn(page, ana, '/questoes/resolver?anuladas=excluir&pos=1')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click()
  await expect(page.getByTestId('baixadas')).toHaveText(/^\d+ questões baixadas para estudar offline\.$/)
  const downloaded = Number((await page.getByTestId('baixadas').textContent())!.split(' ')[0])
  await page.goto('/estudar-offline')
  await expect(page.getByTestId('fila')).toHaveText(`${downloaded} questões baixadas · 0 respostas aguardando envio`)
  await page.context().setOffline(true)
  await page.reload()
  for (let n = 1; n <= 3; n++) {
    await expect(page.locator('article .qm')).toHaveText(new RegExp(`^${n} de ${downloaded} · `))
    await page.locator('article .qa > label').first().click()
    await page.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByTestId('veredito')).toBeVisible()
    await page.getByRole('button', { name: 'Próxima' }).click()
  }
  await page.reload()
  await expect(page.locator('article .qm')).toHaveText(new RegExp(`^4 de ${downloaded} · `))
  await page.getByLabel('Ir para a questão').selectOption({ index: 9 })
  await expect(page.locator('article .qm')).toHaveText(new RegExp(`^10 de ${downloaded} · `))
  await page.reload()
  await expect(page.locator('article .qm')).toHaveText(new RegExp(`^10 de ${downloaded} · `))
  await expect(page.getByLabel('Ir para a questão').locator('option', { hasText: 'respondida' })).toHaveCount(3)
  await expect(page.getByTestId('fila')).toContainText('3 respostas aguardando envio')

  // Back online, the answers cannot be sent (the request is dropped): Sair asks first.
  const dropSync = (route: Route) => (route.request().method() === 'POST' ? route.abort() : route.continue())
  await page.route('**/estudar-offline?_data=*', dropSync)
  await page.context().setOffline(false)
  await page.goto('/estudar-offline')
  await expect(page.getByTestId('fila')).toContainText('3 respostas aguardando envio')
  await page.getByRole('button', { name: 'Sair' }).click()
  const ask = page.getByRole('dialog', { name: '3 respostas ainda não enviadas' })
  await expect(ask).toBeVisible()
  await expect(ask).toContainText('ficam guardadas neste aparelho para a sua próxima entrada')
  await ask.getByRole('button', { name: 'Enviar agora' }).click()
  await expect(ask.getByRole('alert')).toContainText('Não foi possível enviar agora')
  await ask.getByRole('button', { name: 'Sair mesmo assim' }).click()
  await expect(page).toHaveURL(/\/login/)

  // Signed out: her downloads left the device, her answers stayed, and no cached page names her.
  await expect.poll(async () => (await rowsOf(page, 'questions')).length).toBe(0)
  expect((await queueOf(page)).length).toBe(3)
  for (const text of await cachedTexts(page)) {
    expect(text).not.toContain(ana.email)
    expect(text).not.toContain('Ana Compartilhada')
  }
  await page.goto('/estudar-offline')
  await expect(page.getByTestId('offline-entrar')).toHaveText('Entre para enviar as 3 respostas guardadas. Entrar')
  await expect(page.getByTestId('offline-entrar').getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Festudar-offline',
  )

  // Bruno signs in on the same browser: none of Ana's practice, and her answers are not sent under his account.
  await page.unroute('**/estudar-offline?_data=*', dropSync)
  await signIn(page, bruno, '/estudar-offline')
  await expect(page.getByTestId('fila')).toHaveText('0 questões baixadas · 0 respostas aguardando envio')
  await expect(page.getByTestId('outras-contas')).toHaveText(
    '3 respostas de outra conta estão guardadas neste aparelho: serão enviadas quando essa conta entrar.',
  )
  expect((await queueOf(page)).length).toBe(3)
  expect(await attemptsOf(bruno.token)).toHaveLength(0)
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login/)

  // Ana comes back: her three answers are sent under her session, and the device's queue empties.
  await signIn(page, ana, '/dashboard')
  await expect.poll(async () => (await attemptsOf(ana.token)).length).toBe(3)
  await expect.poll(async () => (await queueOf(page)).length).toBe(0)
  expect(await attemptsOf(bruno.token)).toHaveLength(0)
})

test('a visitor on a shared phone: the list that waits for a touch still removes the last account’s downloads at once', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript não há questões no aparelho')
  const ana = await premiumStudent(request, { name: 'Ana Expirada' })
  await signIn(page, ana, '/questoes/resolver?anuladas=excluir&pos=1')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click()
  await expect(page.getByTestId('baixadas')).toHaveText(/^\d+ questões baixadas para estudar offline\.$/)
  expect((await rowsOf(page, 'questions')).length).toBeGreaterThan(0)

  // Her session ends without Sair (it expired, the browser dropped it): the next person opens the
  // visitor's list, whose scripts wait for a first touch (ADR 098), and touches nothing.
  await page.context().clearCookies({ name: '__session' })
  await page.goto('/questoes')
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible()
  await expect.poll(async () => (await rowsOf(page, 'questions')).length).toBe(0)
  expect((await page.context().cookies()).some((c) => c.name === 'gb-dono')).toBe(false)
})
