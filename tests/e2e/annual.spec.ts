import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { registerViaApi, signIn } from './utils'

// Issue 28 from the browser, JS on and off: a plan bought by the year (the Mensal/Anual choice
// is a pair of radios), paid once through the sandbox's card page, with a receipt for a year; then
// an upgrade that credits the unused part of that year. Exact credit amounts (a fixed clock) are
// in server/features/plans/annual.test.ts.

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificações' })

test('a student buys Premium for a year with a card, sees a one-year receipt, and is credited the unused year on an upgrade', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.slow()
  const student = await registerViaApi(request)
  await signIn(page, student, '/planos')
  const premium = page.getByTestId('plan-card').nth(2)
  await expect(premium.getByTestId('oferta-anual')).toHaveText('ou R$ 350,00/ano (R$ 29,17/mês)')
  await premium.getByRole('link', { name: 'Mudar para o Premium' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\?plano=PREMIUM$/)
  await expect(page.getByTestId('plan-option').nth(1)).toContainText('ou R$ 350,00/ano (R$ 29,17/mês)')
  await page.getByRole('button', { name: 'Alterar para Premium' }).click()

  const confirm = page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name: 'Confirmar mudança de plano' })
  const yearly = confirm.getByRole('radio', { name: /^Anual/ })
  await expect(confirm.getByRole('radio', { name: /^Mensal/ })).toBeChecked()
  await expect(confirm.getByRole('group', { name: 'Período' })).toContainText('R$ 350,00 por 12 meses, num pagamento')
  await yearly.check()
  await confirm.getByRole('radio', { name: 'Cartão de Crédito' }).check()
  await confirm.getByRole('button', { name: 'Confirmar' }).click()

  // The provider's page charges the year at once.
  await expect(page).toHaveURL(/\/sandbox-pagamentos\/[0-9a-f-]{36}$/)
  await expect(page.getByText('R$ 350,00 (um ano)')).toBeVisible()
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click()
  await expect(page).toHaveURL(/\/trocar-plano$/)
  await expect(toasts(page)).toContainText('Pagamento aprovado! Seu plano agora é o Premium.')
  const current = page.getByTestId('plano-atual')
  await expect(current).toContainText('R$ 350,00/ano')

  // The receipt: Anual, and a period of a year.
  await page.getByRole('link', { name: 'Pagamentos e recibos' }).click()
  const payment = page.getByTestId('pagamento')
  await expect(payment).toContainText('Plano Premium anual · R$ 350,00')
  await payment.getByRole('link', { name: 'Ver recibo' }).click()
  const receipt = page.getByTestId('recibo')
  await expect(receipt).toContainText('CobrançaAnual')
  await expect(receipt).toContainText('ValorR$ 350,00')
  const period = /Período(\d{2}\/\d{2})\/(\d{4}) a (\d{2}\/\d{2})\/(\d{4})/.exec((await receipt.textContent()) ?? '')
  expect(period).not.toBeNull()
  const [, startDay, startYear, endDay, endYear] = period!
  expect(endDay).toBe(startDay)
  expect(Number(endYear)).toBe(Number(startYear) + 1)

  // Moving up to Pro: the unused year is credited against either period's price.
  await page.goto('/trocar-plano/confirmar?plano=PRO')
  const proConfirm = page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name: 'Confirmar mudança de plano' })
  await expect(proConfirm.getByRole('group', { name: 'Período' })).toContainText(/Crédito do plano Premium não usado: − R\$\s\d{3},\d{2}/)
  await expect(proConfirm).toContainText('O crédito do plano Premium')
})
