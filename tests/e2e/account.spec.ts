import fs from 'node:fs'

import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { registerViaApi, signIn } from './utils'

// Issue 14, the account part: the mascot picker over /dashboard, the Configurações tab's
// preferences, 'Baixar meus dados' and 'Excluir minha conta', with JS on and off.

const SETTINGS = '/dashboard?aba=configuracoes'

async function profileOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return (await res.json()) as { user: { mascot: string | null }; profile: { notifications_enabled: boolean; ranking_opt_out: boolean } }
}

const isJs = () => test.info().project.name === 'js-on'

test('the mascot picker opens from the dashboard, saves one click and closes', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Gabi Mascote' })
  await signIn(page, student, SETTINGS)
  await page.getByRole('link', { name: 'Trocar mascote' }).click()
  await expect(page).toHaveURL(/\/dashboard\/mascote\?aba=configuracoes$/)
  // With JS a modal dialog over the dashboard; without, a section of the dashboard page.
  const picker = isJs()
    ? page.getByRole('dialog', { name: 'Escolha seu mascote' })
    : page.getByRole('region', { name: 'Escolha seu mascote' })
  await expect(picker).toBeVisible()
  await expect(picker.getByRole('button', { name: /^(Gato|Cachorro|Peixe|Pássaro|Coelho|Esquilo)$/ })).toHaveText([
    'Gato',
    'Cachorro',
    'Peixe',
    'Pássaro',
    'Coelho',
    'Esquilo',
  ])
  await picker.getByRole('button', { name: 'Esquilo' }).click()
  await expect(page).toHaveURL(/\/dashboard\?aba=configuracoes$/)
  await expect(page.getByText('Mascote atualizado!')).toBeVisible()
  await expect(picker).toHaveCount(0)
  expect((await profileOf(request, student.token)).user.mascot).toBe('squirrel')

  // Opened again, the saved one is marked as chosen; 'Voltar'/'Fechar' leaves without saving.
  await page.getByRole('link', { name: 'Trocar mascote' }).click()
  await expect(picker.getByRole('button', { name: 'Esquilo' })).toHaveAttribute('aria-pressed', 'true')
  await expect(picker.getByRole('button', { name: 'Gato' })).toHaveAttribute('aria-pressed', 'false')
  await picker
    .getByRole('button', { name: 'Fechar' })
    .or(picker.getByRole('link', { name: 'Voltar ao painel' }))
    .click()
  await expect(page).toHaveURL(/\/dashboard\?aba=configuracoes$/)
})

test('preferences are stored as chosen: notifications off stays off after a reload', async ({ page, request }) => {
  const student = await registerViaApi(request)
  await signIn(page, student, SETTINGS)
  const notifications = page.getByRole('checkbox', { name: 'Receber notificações' })
  const ranking = page.getByRole('checkbox', { name: 'Não aparecer no ranking semanal' })
  await expect(notifications).toBeChecked()
  await expect(ranking).not.toBeChecked()
  await notifications.uncheck()
  await ranking.check()
  await page.getByRole('button', { name: 'Salvar preferências' }).click()
  await expect(page.getByText('Preferências salvas.')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\?aba=configuracoes$/)
  await page.reload()
  await expect(notifications).not.toBeChecked()
  await expect(ranking).toBeChecked()
  expect((await profileOf(request, student.token)).profile).toMatchObject({ notifications_enabled: false, ranking_opt_out: true })

  // Back on: the box that was off is saved on again.
  await notifications.check()
  await page.getByRole('button', { name: 'Salvar preferências' }).click()
  await expect(page.getByText('Preferências salvas.')).toBeVisible()
  expect((await profileOf(request, student.token)).profile).toMatchObject({ notifications_enabled: true, ranking_opt_out: true })
})

test('Baixar meus dados hands over this student’s answers and notes as a JSON file', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Helena Exporta' })
  const auth = { Authorization: `Bearer ${student.token}` }
  const search = await (await request.get('/api/v1/questions/search?per_page=5')).json()
  const question = (search.data as { id: number; is_annulled: boolean }[]).find((q) => !q.is_annulled)!
  expect((await request.post(`/api/v1/questions/${question.id}/attempts`, { headers: auth, data: { answer: 'A' } })).status()).toBe(201)
  const note = await request.post(`/api/v1/questions/${question.id}/notes`, {
    headers: auth,
    data: { content: 'Minha anotação exportada' },
  })
  expect(note.status()).toBe(201)

  await signIn(page, student, SETTINGS)
  const link = page.getByRole('link', { name: 'Baixar meus dados' }).first()
  let text: string
  if (isJs()) {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^gabarita-meus-dados-\d{4}-\d{2}-\d{2}\.json$/)
    text = fs.readFileSync((await download.path())!, 'utf8')
  } else {
    // Without JS the same plain link, fetched with the page's session cookie.
    const res = await page.request.get((await link.getAttribute('href'))!)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="gabarita-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/)
    text = await res.text()
  }
  const data = JSON.parse(text)
  expect(data.user).toMatchObject({ email: student.email, name: 'Helena Exporta' })
  expect(data.attempts).toMatchObject([{ questionId: question.id, answer: 'A' }])
  expect(data.notes).toMatchObject([{ questionId: question.id, content: 'Minha anotação exportada' }])
  expect(data.exported_at).toEqual(expect.any(String))
  expect(text).not.toContain(student.password)
  expect(text).not.toContain(student.token)
})

test('Excluir minha conta: a wrong password is refused, the right one ends the account; logging in again fails', async ({
  page,
  request,
}) => {
  const student = await registerViaApi(request, { name: 'Igor Encerra' })
  await signIn(page, student, SETTINGS)
  await page.getByRole('link', { name: 'Excluir minha conta' }).first().click()
  await expect(page).toHaveURL(/\/minha-conta\/excluir$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir minha conta' })).toBeVisible()
  await expect(page.getByText('Suas mensagens no fórum, para as discussões continuarem legíveis')).toBeVisible()
  const field = page.getByLabel('Sua senha (conta criada pelo Google: seu email)', { exact: true })
  await field.fill('senha-errada-9')
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page.getByText('Senha incorreta.')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  expect((await profileOf(request, student.token)).user).toBeTruthy()

  await field.fill(student.password)
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login/)
  expect((await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${student.token}` } })).status()).toBe(401)

  await page.getByLabel('Email', { exact: true }).fill(student.email)
  await page.getByLabel('Senha', { exact: true }).fill(student.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})
