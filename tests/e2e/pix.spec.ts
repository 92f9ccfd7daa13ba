import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { registerViaApi, signIn } from './utils'

// Issue 28 from the browser, JS on and off: buying a plan with Pix through the sandbox
// provider (the code and its QR image, the sandbox's bank paying it, the waiting page landing
// on the same success as a card), then the payment's receipt. The expiry is in the API tests
// (the e2e server's clock cannot be moved).

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificações' })

test('a student buys Premium with Pix, the bank pays the code, and the receipt shows it', async ({
  page,
  request,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow()
  const student = await registerViaApi(request)
  await signIn(page, student, '/trocar-plano?plano=PREMIUM')
  await page.getByRole('button', { name: 'Alterar para Premium' }).click()
  const confirm = page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name: 'Confirmar mudança de plano' })
  await confirm.getByRole('radio', { name: 'Pix' }).check()
  await confirm.getByRole('button', { name: 'Confirmar' }).click()

  // Our page with the code: the student pays from the bank app, the page waits.
  await expect(page).toHaveURL(/\/trocar-plano\/pix\?checkout=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible()
  await expect(page.getByText('R$ 35,00')).toBeVisible()
  const code = await page.getByLabel('Pix copia e cola').inputValue()
  expect(code).toMatch(/^000201/)
  expect(code).toContain('br.gov.bcb.pix')
  expect(code).toContain('540535.00')
  const qr = page.getByRole('img', { name: 'QR code do Pix' })
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  // Drawn, not a broken image: the CSP lets a data: image through.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(page.getByTestId('pix-prazo')).toContainText(/Pague até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  if (javaScriptEnabled) await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible()

  // Not paid yet: checking again keeps the student here.
  await page.getByRole('link', { name: 'Já paguei, verificar' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\/pix\?checkout=/)
  await expect(page.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible()

  // The sandbox's bank, in another tab: it pays, and the provider posts the signed webhook.
  const [bank] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Abrir o banco de testes' }).click(),
  ])
  await expect(bank.getByRole('heading', { name: 'Banco de testes: pagar com Pix' })).toBeVisible()
  await expect(bank.getByLabel('Código Pix copia e cola')).toHaveValue(code)
  await bank.getByRole('button', { name: 'Simular pagamento Pix' }).click()
  await expect(bank).toHaveURL(/\/trocar-plano$/)
  await bank.close()

  // With JS the waiting page notices by itself; without, the student checks.
  if (!javaScriptEnabled) await page.getByRole('link', { name: 'Já paguei, verificar' }).click()
  await expect(page).toHaveURL(/\/trocar-plano$/, { timeout: 15_000 })
  await expect(toasts(page)).toContainText('Pagamento aprovado! Seu plano agora é o Premium.')
  await expect(page.getByTestId('plano-atual')).toContainText('Premium')

  // The receipt, from the list of payments.
  await page.getByRole('link', { name: 'Pagamentos e recibos' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/recibos$/)
  const payment = page.getByTestId('pagamento')
  await expect(payment).toHaveCount(1)
  await expect(payment).toContainText('Plano Premium · R$ 35,00')
  await expect(payment).toContainText('Pix · Aprovado')
  await payment.getByRole('link', { name: 'Ver recibo' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/recibos\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible()
  const receipt = page.getByTestId('recibo')
  await expect(receipt).toContainText('Premium')
  await expect(receipt).toContainText('R$ 35,00')
  await expect(receipt).toContainText('Pix')
  await expect(receipt).toContainText(/Período\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}/)
  await expect(receipt).toContainText(student.email)

  // Someone else's receipt (here: another student's) is not found.
  const other = await registerViaApi(request)
  const receiptUrl = page.url()
  const stranger = await browser.newContext({ javaScriptEnabled, baseURL })
  const strangerPage = await stranger.newPage()
  await signIn(strangerPage, other)
  const res = await strangerPage.goto(receiptUrl)
  expect(res?.status()).toBe(404)
  await expect(strangerPage.getByRole('heading', { name: 'Recibo não encontrado' })).toBeVisible()
  await stranger.close()

  // Moving up to Pro within the paid month: the Pix charges Pro's first month less the unused
  // Premium, once, and says so (issue 37 §5: it read 'R$ 16,17/mês').
  await page.goto('/trocar-plano/confirmar?plano=PRO')
  const proConfirm = page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name: 'Confirmar mudança de plano' })
  await proConfirm.getByRole('radio', { name: 'Pix' }).check()
  await proConfirm.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\/pix\?checkout=[0-9a-f-]{36}$/)
  const amount = page.getByTestId('pix-valor')
  await expect(amount).toContainText(
    /^Plano Pro: R\$\s\d+,\d{2}, cobrança única \(R\$\s50,00 do primeiro mês menos R\$\s\d+,\d{2} de crédito do plano Premium não usado; depois, R\$\s50,00\/mês\)\./,
  )
})
