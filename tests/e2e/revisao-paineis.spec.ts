import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, premiumStudent, registerViaApi, signIn } from './utils'

// Issue 30's pages around the review queue, with JS and without: the dashboard's Revisões card
// (due today, the week's forecast and its table, the retention against the target), the Revisão
// settings on Configurações, and the Pro study plan (and its refusal on Gratuito).

type ApiCard = { id: number; is_annulled: boolean; alternatives: { letter: string }[] }

/** One question answered right and one wrong, through the API (each gets its FSRS card). */
async function answerTwo(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` }
  const admin = { Authorization: `Bearer ${await adminToken(request)}` }
  const list = ((await (await request.get('/api/v1/questions/search?per_page=20')).json()).data as ApiCard[]).filter(
    (q) => !q.is_annulled && q.alternatives.length >= 2,
  )
  const key = async (id: number) =>
    (await (await request.post(`/api/v1/questions/${id}/reveal`, { headers: admin })).json()).correct_answer as string
  const [right, wrong] = list
  const wrongKey = await key(wrong.id)
  for (const [id, answer] of [
    [right.id, await key(right.id)],
    [wrong.id, wrong.alternatives.map((a) => a.letter).find((l) => l !== wrongKey)!],
  ] as const) {
    const res = await request.post(`/api/v1/questions/${id}/attempts`, { headers: auth, data: { answer } })
    expect(res.status(), await res.text()).toBe(201)
  }
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notificações' }).getByText(text)

test('the dashboard’s Revisões card shows today, the week ahead and the retention of a student who answered', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Rita Revisão' })
  await answerTwo(request, student.token)
  const stats = await (await request.get('/api/v1/review/stats', { headers: { Authorization: `Bearer ${student.token}` } })).json()

  await signIn(page, student, '/dashboard')
  const card = page.getByTestId('revisoes')
  await expect(card.getByRole('heading', { name: 'Revisões' })).toBeVisible()
  await expect(card.getByTestId('revisoes-hoje')).toHaveText(String(stats.due_today))
  await expect(card.getByTestId('revisoes-feitas')).toHaveText('0 de 50 por dia')
  // No review of a card already in review yet: nothing to measure, the target beside it.
  await expect(card.getByTestId('revisoes-retencao')).toContainText('ainda sem revisões para medir')
  await expect(card.getByTestId('revisoes-retencao')).toContainText('meta: 90%')
  if (stats.due_today > 0) await expect(card.getByRole('link', { name: 'Revisar agora' })).toHaveAttribute('href', '/revisao')
  else await expect(card.getByText('Nada para revisar hoje.')).toBeVisible()

  // The forecast's table: seven days from today, the two answered questions among them.
  const table = card.getByRole('region', { name: 'Revisões nos próximos 7 dias' })
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(8)
  await expect(rows.nth(1)).toContainText('Hoje')
  await expect(rows.nth(2)).toContainText('Amanhã')
  const counts = (stats.forecast as { due: number }[]).map((f) => f.due)
  expect(counts.reduce((a, b) => a + b, 0)).toBe(2)
  for (const [i, due] of counts.entries())
    await expect(
      rows
        .nth(i + 1)
        .getByRole('cell')
        .nth(1),
    ).toHaveText(String(due))

  // The study plan is one link away.
  await card.getByRole('link', { name: 'Plano de estudos' }).click()
  await expect(page).toHaveURL(/\/plano-de-estudos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Plano de estudos' })).toBeVisible()
})

test('Configurações saves the review settings: a bad retention is refused in Portuguese, a good one persists', async ({
  page,
  request,
}) => {
  const student = await registerViaApi(request)
  await answerTwo(request, student.token)
  await signIn(page, student, '/dashboard?aba=configuracoes')
  const form = page.locator('#config-revisao')
  const retention = form.getByLabel('Retenção desejada (%)')
  const limit = form.getByLabel('Limite de revisões por dia')
  await expect(retention).toHaveValue('90')
  await expect(limit).toHaveValue('50')

  await retention.fill('99')
  await form.getByRole('button', { name: 'Salvar revisão' }).click()
  await expect(form.getByText('A retenção desejada deve ser um número de 0,8 a 0,95 (por exemplo 0,9 para 90%).')).toBeVisible()
  await expect(retention).toHaveAttribute('aria-invalid', 'true')

  await retention.fill('85')
  await limit.fill('30')
  await form.getByRole('button', { name: 'Salvar revisão' }).click()
  await expect(toast(page, 'Configurações de revisão salvas.')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\?aba=configuracoes(#config-revisao)?$/)

  await page.goto('/dashboard?aba=configuracoes')
  await expect(page.locator('#config-revisao').getByLabel('Retenção desejada (%)')).toHaveValue('85')
  await expect(page.locator('#config-revisao').getByLabel('Limite de revisões por dia')).toHaveValue('30')
  const saved = await (await request.get('/api/v1/review/settings', { headers: { Authorization: `Bearer ${student.token}` } })).json()
  expect(saved.data).toEqual({ desired_retention: 0.85, daily_limit: 30 })

  // The card reads the same settings.
  await page.goto('/dashboard')
  await expect(page.getByTestId('revisoes-retencao')).toContainText('meta: 85%')
  await expect(page.getByTestId('revisoes-feitas')).toHaveText('0 de 30 por dia')
})

/** YYYY-MM-DD, `days` from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('a Pro student gives the exam date and hours and sees this week’s targets', async ({ page, request }) => {
  const student = await premiumStudent(request, { name: 'Paulo Plano' }, 'PRO')
  await answerTwo(request, student.token)
  await signIn(page, student, '/plano-de-estudos')
  await expect(page.getByTestId('plano-sem-metas')).toContainText('Informe a data da prova')

  const date = page.getByLabel('Data da prova')
  const hours = page.getByLabel('Horas de estudo por semana')
  await date.fill(dayFromNow(60))
  await hours.fill('0')
  await page.getByRole('button', { name: 'Salvar plano' }).click()
  await expect(page.getByText('As horas por semana devem ser um número inteiro de 1 a 80.')).toBeVisible()

  await hours.fill('10')
  await page.getByRole('button', { name: 'Salvar plano' }).click()
  await expect(toast(page, 'Plano de estudos salvo.')).toBeVisible()
  await expect(page).toHaveURL(/\/plano-de-estudos(#metas)?$/)

  // The page shows the API's own figures for this week.
  const plan = await (await request.get('/api/v1/study-plan', { headers: { Authorization: `Bearer ${student.token}` } })).json()
  expect(plan.plan).toEqual({ exam_date: dayFromNow(60), hours_per_week: 10 })
  const week = plan.week
  const targets = page.getByTestId('plano-metas')
  await expect(targets.getByTestId('meta-Questões na semana')).toHaveText(String(week.question_budget))
  await expect(targets.getByTestId('meta-Revisões')).toHaveText(String(week.review_target))
  await expect(targets.getByTestId('meta-Questões novas')).toHaveText(String(week.new_target))
  await expect(page.getByTestId('plano-progresso')).toContainText(`Questões novas${week.progress.new_done} de ${week.progress.new_target}`)
  const disciplines = page.getByRole('region', { name: 'Questões novas por disciplina' })
  for (const d of week.by_discipline as { discipline_name: string; target: number }[])
    await expect(disciplines.getByRole('row').filter({ hasText: d.discipline_name })).toContainText(String(d.target))
  for (const t of week.weakest_topics as { topic_id: number; topic_name: string }[])
    await expect(page.getByRole('link', { name: t.topic_name })).toHaveAttribute('href', `/questoes?assunto=${t.topic_id}`)
  await expect(targets.getByRole('region', { name: 'Revisões nos próximos 7 dias' }).getByRole('row')).toHaveCount(8)

  // The saved values come back in the form.
  await page.goto('/plano-de-estudos')
  await expect(page.getByLabel('Data da prova')).toHaveValue(dayFromNow(60))
  await expect(page.getByLabel('Horas de estudo por semana')).toHaveValue('10')
})

test('a Gratuito student is told the study plan is a Pro feature, with the way to the plans, and no form', async ({ page, request }) => {
  const student = await registerViaApi(request)
  await signIn(page, student, '/plano-de-estudos')
  const refusal = page.getByTestId('plano-recusado')
  await expect(refusal).toBeVisible()
  await expect(page.getByRole('button', { name: 'Salvar plano' })).toHaveCount(0)
  await expect(page.getByLabel('Data da prova')).toHaveCount(0)
  await refusal.getByRole('link', { name: 'Ver planos' }).click()
  await expect(page).toHaveURL(/\/trocar-plano/)
})
