import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, loginViaPage, registerViaApi } from './utils'

// Issue 14 (in part): /dashboard shows the student's own figures from the API — the four stat
// cards and the per-discipline table — with JS on and off.

type ApiCard = { id: number; is_annulled: boolean; discipline_name: string; alternatives: { letter: string }[] }

test('a student answers two known questions and the dashboard shows exactly that', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Dora Desempenho' })
  const auth = { Authorization: `Bearer ${student.token}` }
  const adminLogin = await request.post('/api/v1/auth/login', { data: DEMO_ADMIN })
  const admin = { Authorization: `Bearer ${(await adminLogin.json()).token}` }
  const list = ((await (await request.get('/api/v1/questions/search?per_page=100')).json()).data as ApiCard[]).filter(
    (q) => !q.is_annulled && q.alternatives.length >= 2,
  )
  const [right, wrong] = [list[0], list.find((q) => q.discipline_name === list[0].discipline_name && q.id !== list[0].id) ?? list[1]]
  const key = async (id: number) =>
    (await (await request.post(`/api/v1/questions/${id}/reveal`, { headers: admin })).json()).correct_answer as string
  const rightKey = await key(right.id)
  const wrongKey = await key(wrong.id)
  const wrongLetter = wrong.alternatives.map((a) => a.letter).find((l) => l !== wrongKey)!
  expect((await request.post(`/api/v1/questions/${right.id}/attempts`, { headers: auth, data: { answer: rightKey } })).status()).toBe(201)
  expect((await request.post(`/api/v1/questions/${wrong.id}/attempts`, { headers: auth, data: { answer: wrongLetter } })).status()).toBe(
    201,
  )

  await loginViaPage(page, student, '/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Dora Desempenho!' })).toBeVisible()
  await expect(page.getByTestId('estatistica-Questões respondidas')).toHaveText('2')
  await expect(page.getByTestId('estatistica-Taxa de acerto')).toHaveText('50%')
  await expect(page.getByTestId('estatistica-Sequência de estudos')).toHaveText('1 dia')
  // Answers through the API without the card's shown-at token have no known time.
  await expect(page.getByTestId('estatistica-Tempo de estudo')).toHaveText('0min')
  const table = page.getByRole('region', { name: 'Desempenho por disciplina' })
  const rows = table.getByRole('row')
  if (right.discipline_name === wrong.discipline_name) {
    await expect(rows.filter({ hasText: right.discipline_name })).toContainText(['1', '2', '50%'].join(''))
  } else {
    await expect(rows.filter({ hasText: right.discipline_name })).toContainText('100%')
    await expect(rows.filter({ hasText: wrong.discipline_name })).toContainText('0%')
  }
})

test('a new student sees zeros and the empty state', async ({ page, request }) => {
  const student = await registerViaApi(request)
  await loginViaPage(page, student, '/dashboard')
  await expect(page.getByTestId('estatistica-Questões respondidas')).toHaveText('0')
  await expect(page.getByTestId('estatistica-Sequência de estudos')).toHaveText('0 dias')
  await expect(page.getByText('Nenhuma estatística disponível.')).toBeVisible()
})

test('Baixar meus dados hands over a JSON file of this student’s data', async ({ page, request }, testInfo) => {
  const student = await registerViaApi(request, { name: 'Elisa Exporta' })
  await loginViaPage(page, student, '/dashboard')
  const link = page.getByRole('link', { name: 'Baixar meus dados' })
  let text: string
  if (testInfo.project.name === 'js-on') {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^gabarita-meus-dados-\d{4}-\d{2}-\d{2}\.json$/)
    text = fs.readFileSync((await download.path())!, 'utf8')
  } else {
    // Without JS the same plain link: fetched with the page's cookies.
    const res = await page.request.get((await link.getAttribute('href'))!)
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="gabarita-meus-dados-/)
    text = await res.text()
  }
  const data = JSON.parse(text)
  expect(data.user).toMatchObject({ email: student.email, name: 'Elisa Exporta' })
  expect(data.attempts).toEqual([])
  expect(text).not.toContain(student.password)
})

test('Excluir minha conta: a wrong password is refused, the right one ends the account and the session', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Fábio Fecha' })
  await loginViaPage(page, student, '/dashboard')
  await page.getByRole('link', { name: 'Excluir minha conta' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir minha conta' })).toBeVisible()
  const field = page.getByLabel('Sua senha (conta criada pelo Google: seu email)', { exact: true })
  await field.fill('senha-errada-9')
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page.getByText('Senha incorreta.')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill(student.password)
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login/)
  const login = await request.post('/api/v1/auth/login', { data: { email: student.email, password: student.password } })
  expect(login.status()).toBe(401)
})
