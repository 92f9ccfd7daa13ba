import { expect, test } from '@playwright/test'

import { loginAsNewStudent, RENDERING } from './utils'

// The seeded bank is our own demo questions in the OAB format; an admin may import real
// exams later. The copy must be true either way: no promise of "real exams".
const UNTRUE = /quest(ões|oes) reais|provas reais|exames anteriores|provas anteriores/i

test('landing and dashboard describe the bank truthfully', RENDERING, async ({ page, request }) => {
  await page.goto('/')
  await expect(page.getByRole('main')).toContainText('questões no formato do Exame de Ordem')
  await expect(page.getByRole('main')).not.toContainText(UNTRUE)
  expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toMatch(UNTRUE)

  await loginAsNewStudent(page, request)
  await page.goto('/dashboard')
  await expect(page.getByRole('main')).toContainText('Questões no formato do Exame de Ordem')
  await expect(page.getByRole('main')).not.toContainText(UNTRUE)

  for (const path of ['/contato', '/planos', '/termos', '/questoes']) {
    await page.goto(path)
    // <details> answers included: textContent, not only what is open.
    expect(await page.getByRole('main').textContent(), path).not.toMatch(UNTRUE)
  }
})
