import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { loginViaPage, premiumStudent } from './utils'

// Issue 39 §6, practice that survives a dropped signal, in Chromium with the network switched off:
// an installable app (manifest, service worker), questions downloaded from a modo resolução run,
// 20 answered offline with the key on the device, a Responder that loses the connection kept, and
// back online every answer in the student's history with its time, the queue empty, and a second
// sync adding nothing.

test.use({ serviceWorkers: 'allow' })

type Queued = { client_id: string; question_id: number; answer: string; answered_at: string }

const queueOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Queued[]>((resolve, reject) => {
        const open = indexedDB.open('gabarita-offline', 1)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('queue').objectStore('queue').getAll()
          request.onsuccess = () => resolve(request.result as Queued[])
        }
      }),
  )

test('20 answers offline, then synced once; a dropped Responder is kept', async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(180_000)
  const student = await premiumStudent(request)
  await loginViaPage(page, student, '/questoes/resolver?anuladas=excluir&pos=1')

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
  await loginViaPage(page, student, '/questoes/resolver?anuladas=excluir&pos=3')
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
