import { expect, test } from '@playwright/test'

import { adminToken, registerViaApi, signIn } from './utils'

// The weekly ranking (issue 14) with JS on and off: a student who answered right this week
// finds their own row (first name and initial, marked as theirs); after leaving the ranking in
// the dashboard's Configurações tab the page says so. Other tests' students share the server,
// so only this student's row is asserted.

type ApiCard = { id: number; is_annulled: boolean; alternatives: { letter: string }[] }

test('a student sees their own row, then leaves the ranking from the settings', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase()
  const student = await registerViaApi(request, { name: `Rita ${suffix}` })
  const auth = { Authorization: `Bearer ${student.token}` }
  const admin = { Authorization: `Bearer ${await adminToken(request)}` }
  const cards = ((await (await request.get('/api/v1/questions/search?per_page=40')).json()).data as ApiCard[]).filter(
    (q) => !q.is_annulled && q.alternatives.length >= 2,
  )
  // Five right answers: enough to be among the 20 of an e2e run's week.
  for (const q of cards.slice(0, 5)) {
    const key = (await (await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: admin })).json()).correct_answer as string
    expect((await request.post(`/api/v1/questions/${q.id}/attempts`, { headers: auth, data: { answer: key } })).status()).toBe(201)
  }

  await signIn(page, student, '/dashboard')
  await page.getByRole('link', { name: 'Ver ranking' }).click()
  await expect(page).toHaveURL(/\/ranking$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking da semana' })).toBeVisible()
  const mine = page.locator('[data-testid="ranking-linha"][aria-current="true"]')
  await expect(mine).toContainText(`Rita ${suffix[0]}.`)
  await expect(mine).toContainText('(você)')
  await expect(mine).toContainText('5 acertos')

  await page.goto('/dashboard?aba=configuracoes')
  await page.getByLabel('Não aparecer no ranking semanal').check()
  await page.getByRole('button', { name: 'Salvar preferências' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByText('Preferências salvas.')).toBeVisible()
  await page.goto('/ranking')
  await expect(page.getByTestId('ranking-situacao')).toContainText('Você optou por não aparecer no ranking.')
  await expect(page.locator('[data-testid="ranking-linha"][aria-current="true"]')).toHaveCount(0)
})
