import { expect, test } from '@playwright/test'

import { loginAsNewStudent } from './utils'

// Issue 38 §4: "Legislação citada" as a student uses it, with and without JS. The demo question
// that cites the Estatuto da Advocacia (Lei nº 8.906/94) is found by the filter, and its answer
// lists the norm with a link to the official text.

test('filtra pela legislação citada e a lista aparece sob a resposta, com o link do texto oficial', async ({ page, request }) => {
  const options = await (await request.get('/api/v1/questions/filter-options')).json()
  const eoab = (options.citations as { key: string; label: string; questions: number }[]).find((c) => c.key === 'eoab')
  expect(eoab, 'the demo cites the Estatuto da Advocacia').toBeTruthy()

  await loginAsNewStudent(page, request)
  await page.goto('/questoes')
  await page.locator('summary', { hasText: 'Legislação citada' }).click()
  await page.getByRole('checkbox', { name: `${eoab!.label} (${eoab!.questions})` }).check()
  await page.getByRole('button', { name: 'Buscar Questões' }).click()

  await expect(page).toHaveURL(/lei=eoab/)
  await expect(page.getByRole('list', { name: 'Filtros selecionados' })).toContainText(eoab!.label.slice(0, 20)) // a badge shows 20 characters
  const cards = page.locator('article[id^="questao-"]')
  await expect(cards).toHaveCount(eoab!.questions)
  await expect(cards.first()).toContainText(/Estatuto da Advocacia|8\.906/)

  const card = cards.first()
  await card.getByRole('button', { name: 'Ver Resposta' }).click()
  const cited = card.getByTestId('legislacao-citada')
  await expect(cited.getByRole('heading', { name: 'Legislação citada' })).toBeVisible()
  const link = cited.getByRole('link', { name: /Estatuto da Advocacia \(Lei 8\.906\/1994\)/ })
  await expect(link).toHaveAttribute('href', 'https://www.planalto.gov.br/ccivil_03/leis/l8906.htm')
  await expect(link).toHaveAttribute('rel', /noopener/)
  // The filter stays in the URL after the answer (the page is its own state).
  await expect(page).toHaveURL(/lei=eoab/)
})
