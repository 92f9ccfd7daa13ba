import { expect, test } from '@playwright/test'

import { adminToken, DEMO_ADMIN, premiumStudent, signIn } from './utils'

// Issue 40. Claims that stay true: the analysis line on the plan cards is counted from the bank,
// the same on /planos and the landing page (or absent from both). Every wrong answer teaches
// something: without an analysis, a Premium student reads the community's most-voted answer.

type Card = { id: number; has_explanation: boolean; is_annulled: boolean }

test('the cards and the landing page state the same analysis coverage, or none', async ({ page, request }) => {
  const plans = await (await request.get('/api/v1/plans')).json()
  const line = plans.analysis_line as string | null
  if (line) expect(line).toMatch(/^Análise do professor em [\d.]+ quest(ão|ões) \(\d+%\)$/)

  await page.goto('/planos')
  const cards = page.getByTestId('plan-card')
  await expect(cards).toHaveCount(4)
  for (const [i, plan] of (plans.data as { features: string[] }[]).entries()) {
    if (line && plan.features.includes(line)) await expect(cards.nth(i).getByText(line, { exact: true })).toBeVisible()
    else await expect(cards.nth(i)).not.toContainText('Análise do professor')
    // Nothing on a card sells explanations the bank does not have.
    await expect(cards.nth(i)).not.toContainText('Explicações detalhadas')
  }

  await page.goto('/')
  if (line) await expect(page.getByTestId('linha-analise')).toHaveText(line)
  else await expect(page.getByTestId('linha-analise')).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText('Explicações detalhadas')
})

test('the admin sees today’s coverage, edits the minimum, and cannot take the analysis from Básico alone', async ({ page }, testInfo) => {
  const toast = page.getByRole('region', { name: 'Notificações' }).getByRole('status')
  await signIn(page, DEMO_ADMIN, '/admin/planos')
  const line = page.getByTestId('linha-catalogo').filter({ has: page.getByTestId('cobertura-analise') })
  await expect(line.getByTestId('cobertura-analise')).toContainText(
    /^Hoje: [\d.]+ quest(ão|ões) com análise do professor de [\d.]+ questões no banco \(\d+%\)\./,
  )
  await expect(line.getByTestId('cobertura-analise')).toContainText(/A linha (aparece|está oculta) nos cartões\./)
  if ((await line.getByTestId('cobertura-analise').textContent())!.includes('oculta'))
    await expect(line).toContainText('Oculta: menos questões com análise do que o mínimo')

  const minimum = line.getByLabel('Mínimo de questões com análise')
  await minimum.fill('-3')
  await line.getByRole('button', { name: 'Salvar linha' }).click()
  await expect(line.getByText('O mínimo de questões não pode ser negativo.')).toBeVisible()
  // Each project its own value: the two runs share the server.
  await minimum.fill(testInfo.project.name === 'js-on' ? '150' : '250')
  await line.getByRole('button', { name: 'Salvar linha' }).click()
  await expect(toast).toHaveText('Linha “Análise do professor” ligada.')
  await line.getByLabel('Mínimo de questões com análise').fill('100')
  await line.getByRole('button', { name: 'Salvar linha' }).click()
  await expect(toast).toHaveText('Linha “Análise do professor” ligada.')

  const basico = page.getByTestId('catalogo-BASICO')
  await basico.getByLabel('Análise do professor').uncheck()
  await basico.getByRole('button', { name: 'Salvar o Básico' }).click()
  await expect(
    basico.getByText('O plano Básico ficaria com menos que o Gratuito (análise do professor): um plano mais caro nunca tem menos.'),
  ).toBeVisible()
})

test('a Premium student who answers wrong reads the community’s most-voted answer, and goes to the thread', async ({
  page,
  request,
}, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 8)
  const [author, voter, student] = [
    await premiumStudent(request, { name: `Autora ${tag}` }),
    await premiumStudent(request, { name: `Votante ${tag}` }),
    await premiumStudent(request, { name: 'Aluna Premium' }),
  ]
  const as = (token: string) => ({ Authorization: `Bearer ${token}` })
  const bank = (await (await request.get('/api/v1/questions/search?per_page=100', { headers: as(student.token) })).json()).data as Card[]
  // The last questions without any explanation, one per project: the other specs start at the top.
  const candidates = bank.filter((c) => !c.has_explanation && !c.is_annulled).reverse()
  const question = candidates[testInfo.project.name === 'js-on' ? 0 : 1]!
  const created = await request.post(`/api/v1/questions/${question.id}/forum/topics`, {
    headers: as(author.token),
    data: { title: `Fundamento ${tag}`, content: `A alternativa certa segue o texto da lei ${tag}.` },
  })
  expect(created.status(), await created.text()).toBe(201)
  const topicId = (await created.json()).topic.id as number
  for (const token of [voter.token, await adminToken(request)]) {
    const vote = await request.put(`/api/v1/forum/topics/${topicId}/vote`, { headers: as(token), data: { vote: 'up' } })
    expect(vote.status(), await vote.text()).toBe(200)
  }
  // The key, read by the author (Premium: unlimited), so the student can pick a wrong letter.
  const key = (await (await request.post(`/api/v1/questions/${question.id}/reveal`, { headers: as(author.token) })).json())
    .correct_answer as string

  await signIn(page, student, `/questoes/${question.id}`)
  const card = page.locator(`#questao-${question.id}`)
  await card.getByRole('radio', { name: new RegExp(`^${key === 'A' ? 'B' : 'A'}\\)`) }).check()
  await card.getByRole('button', { name: 'Responder', exact: true }).click()
  await expect(card.getByText(/Você errou\./)).toBeVisible()

  const community = card.getByTestId('comentario-comunidade')
  await expect(community.getByRole('heading', { name: 'Comentário mais votado da comunidade' })).toBeVisible()
  await expect(community).toContainText(`Autora ${tag} · 2 votos`)
  await expect(community).toContainText(`A alternativa certa segue o texto da lei ${tag}.`)
  const thread = community.getByRole('link', { name: 'Ver discussão' })
  await expect(thread).toHaveAttribute('href', `/questoes/${question.id}/discussoes#topico-${topicId}`)
  await thread.click()
  await expect(page.locator(`#topico-${topicId}`)).toContainText(`Fundamento ${tag}`)

  // The analysis dialog says there is none, and shows the same answer under it.
  await page.goto(`/questoes/${question.id}/analise`)
  await expect(page.getByTestId('analise-ausente')).toHaveText('Esta questão ainda não tem análise do professor.')
  await expect(page.getByTestId('comentario-comunidade')).toContainText(`Autora ${tag} · 2 votos`)
})
