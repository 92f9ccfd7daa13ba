import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, premiumStudent, registerViaApi, signIn } from './utils'

// Issue 40 §4, "Imprimir caderno": the notebook's questions in order with the student's notes and
// the key at the end (or after each question), no page chrome on paper, printed to PDF by
// Chromium. A key is printed when it costs nothing: on a limited plan only the ones already opened.

type ApiCard = { id: number; short_id: string; question_number: number; is_annulled: boolean; alternatives: { letter: string }[] }

async function notebookOf(request: APIRequestContext, token: string, count: number) {
  const auth = { Authorization: `Bearer ${token}` }
  const res = await request.get('/api/v1/questions/search?per_page=50&annulled=false', { headers: auth })
  const cards = ((await res.json()).data as ApiCard[]).slice(0, count)
  const created = await request.post('/api/v1/notebooks', { headers: auth, data: { name: `Para imprimir ${Date.now()}` } })
  expect(created.status(), await created.text()).toBe(201)
  const id = (await created.json()).notebook.id as number
  for (const q of cards) {
    const put = await request.put(`/api/v1/questions/${q.id}/notebooks`, { headers: auth, data: { notebook_ids: [id] } })
    expect(put.ok(), await put.text()).toBe(true)
  }
  // The notebook's own order (the page's), which the print keeps.
  const listed = await request.get(`/api/v1/notebooks/${id}/questions?per_page=100`, { headers: auth })
  const order = ((await listed.json()).questions as { id: number }[]).map((q) => q.id)
  cards.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const admin = { Authorization: `Bearer ${await adminToken(request)}` }
  const keys = await Promise.all(
    cards.map(
      async (q) => (await (await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: admin })).json()).correct_answer as string,
    ),
  )
  const note = await request.post(`/api/v1/questions/${cards[1]!.id}/notes`, { headers: auth, data: { content: 'Prazo em dobro.' } })
  expect(note.status()).toBe(201)
  return { id, cards, keys }
}

test('a paying student prints a notebook: questions in order, notes, the key at the end or after each, a PDF', async ({
  page,
  request,
}) => {
  const student = await premiumStudent(request)
  const { id, keys } = await notebookOf(request, student.token, 3)
  await signIn(page, student, `/notebook/${id}/questions`)
  await page.getByRole('link', { name: 'Imprimir caderno' }).click()
  await expect(page).toHaveURL(new RegExp(`/notebook/${id}/imprimir$`))
  await expect(page.getByTestId('impressao-resumo')).toHaveText('3 questões')
  const printed = page.locator('li.print-q')
  await expect(printed).toHaveCount(3)
  await expect(printed.first().getByRole('heading', { level: 2 })).toHaveText(/^1\. .+ · questão \d+$/)
  await expect(printed.nth(1)).toContainText('Suas anotações')
  await expect(printed.nth(1)).toContainText('Prazo em dobro.')
  await expect(page.getByTestId('gabarito-fim')).toHaveText(keys.map((k, i) => `${i + 1}. ${k}`).join(''))

  // The key after each question: a GET form, the URL the choice.
  await page.getByLabel('Onde imprimir o gabarito').selectOption('questao')
  await page.getByRole('button', { name: 'Mostrar' }).click()
  await expect(page).toHaveURL(/gabarito=questao/)
  for (const [i, key] of keys.entries()) await expect(printed.nth(i)).toContainText(`Gabarito: ${key}`)
  await expect(page.getByTestId('gabarito-fim')).toHaveCount(0)

  // On paper: no header, footer or controls; Chromium prints it to a PDF.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('body > header')).toBeHidden()
  await expect(page.locator('body > footer')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Mostrar' })).toBeHidden()
  const pdf = await page.pdf({ format: 'A4' })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(5_000)
})

test('on Gratuito only the keys already opened are printed, the rest say why; another student gets 404', async ({ page, request }) => {
  const student = await registerViaApi(request)
  const { id, cards, keys } = await notebookOf(request, student.token, 2)
  const answered = await request.post(`/api/v1/questions/${cards[0]!.id}/attempts`, {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { answer: keys[0] },
  })
  expect(answered.status()).toBe(201)
  await signIn(page, student, `/notebook/${id}/imprimir`)
  await expect(page.getByTestId('gabarito-fim')).toHaveText(`1. ${keys[0]}2. —`)
  await expect(page.getByText('— : abra a questão no site para ver (conta na cota semanal).')).toBeVisible()
  // Printing spent nothing: the week still has 4 of 5 (the one answered).
  const me = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${student.token}` } })
  expect((await me.json()).policy.usage.questionsThisWeek).toBe(1)

  const other = await registerViaApi(request)
  await page.context().clearCookies()
  await signIn(page, other)
  const res = await page.goto(`/notebook/${id}/imprimir`)
  expect(res!.status()).toBe(404)
})
