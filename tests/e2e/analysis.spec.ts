import { expect, test } from '@playwright/test'

import { registerViaApi, signIn } from './utils'

// Análise (issues 12 and 27): 'Ver análise' counts as one of the week's questions on a limited
// plan, so it is offered only where an analysis will show; a question without one says so and
// spends nothing.

type Card = { id: number; has_explanation: boolean; is_annulled: boolean }

test('Análise spends a question only when it shows an analysis', async ({ page, request }) => {
  const student = await registerViaApi(request)
  const auth = { Authorization: `Bearer ${student.token}` }
  const cards = (await (await request.get('/api/v1/questions/search?per_page=100', { headers: auth })).json()).data as Card[]
  const without = cards.find((c) => !c.has_explanation && !c.is_annulled)!
  const withOne = cards.find((c) => c.has_explanation && !c.is_annulled)!
  const used = async () => (await (await request.get('/api/v1/policy', { headers: auth })).json()).usage.questionsThisWeek as number

  await signIn(page, student, `/questoes/${without.id}/analise`)
  await expect(page.getByTestId('analise-ausente')).toHaveText('Esta questão ainda não tem análise do professor.')
  await expect(page.getByRole('button', { name: 'Ver análise' })).toHaveCount(0)
  expect(await used()).toBe(0)

  await page.goto(`/questoes/${withOne.id}/analise`)
  await page.getByRole('button', { name: 'Ver análise' }).click()
  // The demo bank's texts came with their exam files: said as such, never as a professor's (issue 40).
  const comment = page.getByRole('region', { name: 'Comentário da prova' })
  await expect(comment).toContainText(/^Comentário da provaVeio com o arquivo da prova /)
  await expect(page.getByRole('region', { name: 'Análise do professor' })).toHaveCount(0)
  await expect(page.getByText(/^Gabarito: [A-E]$/)).toBeVisible()
  expect(await used()).toBe(1)

  // The details name the source too: an exam file's comment is no professor's analysis.
  await page.goto(`/questoes/${withOne.id}/detalhes`)
  await expect(page.getByTestId('detalhe-analise')).toHaveText('Não disponível')
  await expect(page.getByTestId('detalhe-comentario')).toHaveText('Disponível')
})
