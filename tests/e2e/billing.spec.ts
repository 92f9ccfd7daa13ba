import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { answerable, DEMO_ADMIN, registerViaApi, signIn } from './utils'

// Issue 10 from the browser, JS on and off: the quota message → plans → checkout on the
// sandbox provider → back on /trocar-plano; a declined payment; cancel and undo; a scheduled
// downgrade; the subscriptions and users pages (the admin toggles: feature-toggles.spec.ts).
// The e2e server runs the sandbox provider (scripts/e2e-server.mjs). Each test uses its own
// fresh student.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

async function policyOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/policy', { headers: auth(token) })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as { plan_name: string; features: Record<string, boolean> }
}

/** A paid Premium subscription with a billing period, bought through the API and the sandbox. */
async function buyPremium(request: APIRequestContext, token: string) {
  const res = await request.post('/api/v1/billing/checkout', {
    headers: auth(token),
    data: { plan_name: 'PREMIUM', method: 'credit_card' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { checkout_id } = await res.json()
  // The sandbox page's own 'Aprovar pagamento' POST (no Origin header: not cross-site).
  const approve = await request.post(`/sandbox-pagamentos/${checkout_id}/aprovar`, { maxRedirects: 0 })
  expect(approve.status()).toBe(303)
  expect((await policyOf(request, token)).plan_name).toBe('PREMIUM')
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificações' })
const currentPlan = (page: Page) => page.getByTestId('plano-atual')

/** The confirmation step: a dialog with JS, a plain section of the page without. */
function step(page: Page, javaScriptEnabled: boolean, name: string) {
  return page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name })
}

test('a Gratuito student at the weekly limit upgrades to Premium through the checkout and answers a 6th question', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.slow()
  const six = await answerable(request, 6)
  const student = await registerViaApi(request)
  // Five reveals spend this week's Gratuito quota.
  for (const q of six.slice(0, 5)) {
    const res = await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: auth(student.token) })
    expect(res.status(), await res.text()).toBe(200)
  }
  // Gratuito has ads: one house ad on the dashboard, linking to the change of plan.
  await signIn(page, student, '/dashboard')
  await expect(page.getByTestId('house-ad').getByRole('link', { name: 'Conhecer o Premium' })).toHaveAttribute(
    'href',
    '/trocar-plano?plano=PREMIUM',
  )
  // The greeting names the plan and this week's use (the five reveals above), beside the way to change it.
  await expect(page.getByTestId('plano-uso')).toHaveText('Plano Gratuito · 5 de 5 questões nesta semana')
  await expect(page.getByRole('link', { name: 'Trocar plano' })).toHaveAttribute('href', '/trocar-plano')

  const last = six[5]
  await page.goto(`/questoes?q=${last.short_id}`)
  await expect(page.getByTestId('house-ad')).toHaveCount(1)
  const card = page.locator(`#questao-${last.id}`)
  // The card says the week is spent before the student works the question out (issue 61).
  await expect(card.getByRole('button', { name: 'Responder' })).toHaveCount(0)
  const alert = card.getByTestId('cota-esgotada').getByRole('alert')
  await expect(alert).toContainText('Você atingiu o limite de 5 questões por semana do seu plano.')
  await alert.getByRole('link', { name: 'Ver planos' }).click()

  await expect(page).toHaveURL(/\/planos$/)
  await page.getByTestId('plan-card').nth(2).getByRole('link', { name: 'Mudar para o Premium' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\?plano=PREMIUM$/)
  await expect(currentPlan(page)).toContainText('Gratuito')
  await expect(page.getByTestId('status-badge')).toHaveText('Ativo')
  const options = page.getByTestId('plan-option')
  await expect(options).toHaveCount(3)
  await expect(options.nth(1)).toContainText('MAIS POPULAR')
  // Every line of the catalogue, so what tells Premium from Pro shows (issue 28).
  await expect(options.nth(1)).toContainText('Caderno personalizado: até 50 cadernos')
  await expect(options.nth(2)).toContainText('Caderno personalizado: cadernos ilimitados')
  await expect(page.locator('#plano-PREMIUM')).toBeChecked()
  await expect(options.nth(1)).toContainText('Selecionado')
  await page.getByRole('button', { name: 'Alterar para Premium' }).click()

  await expect(page).toHaveURL(/\/trocar-plano\/confirmar\?plano=PREMIUM$/)
  const confirm = step(page, javaScriptEnabled, 'Confirmar mudança de plano')
  await expect(confirm.getByTestId('plano-escolhido')).toHaveText('Premium')
  await expect(confirm).toContainText('R$ 35,00/mês')
  await expect(confirm.getByRole('radio', { name: 'PayPal' })).toBeVisible()
  if (javaScriptEnabled) await expect(confirm.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
  await confirm.getByRole('radio', { name: 'Cartão de Crédito' }).check()
  await confirm.getByRole('button', { name: 'Confirmar' }).click()

  // The provider's hosted checkout.
  await expect(page).toHaveURL(/\/sandbox-pagamentos\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Cartão de Crédito')).toBeVisible()
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click()

  await expect(page).toHaveURL(/\/trocar-plano$/)
  await expect(toasts(page)).toContainText('Pagamento aprovado! Seu plano agora é o Premium.')
  await expect(currentPlan(page)).toContainText('Premium')
  await expect(currentPlan(page)).toContainText(/Renovação em \d{2}\/\d{2}\/\d{4}/)
  await expect(page.getByTestId('status-badge')).toHaveText('Ativo')
  await expect(options.nth(1)).toContainText('ATUAL')

  // The quota lifted at once: the 6th question is answered; Premium has no ads.
  await page.goto(`/questoes?q=${last.short_id}`)
  await card.getByRole('radio').first().check()
  await card.getByRole('button', { name: 'Responder' }).click()
  await expect(card.getByTestId('gabarito')).toBeVisible()
  await expect(page.getByTestId('house-ad')).toHaveCount(0)
})

test('a declined payment leaves the student on Gratuito and says why', async ({ page, request, javaScriptEnabled, baseURL }) => {
  const student = await registerViaApi(request)
  await signIn(page, student, '/trocar-plano?plano=PRO')
  await expect(page).toHaveURL(/\/trocar-plano\?plano=PRO$/)
  await page.getByRole('button', { name: 'Alterar para Pro' }).click()
  const confirm = step(page, javaScriptEnabled, 'Confirmar mudança de plano')
  await expect(confirm).toContainText('R$ 50,00/mês')
  if (javaScriptEnabled) {
    // A modal: Escape goes back to the page with the card still chosen.
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/trocar-plano\?plano=PRO$/)
    await expect(confirm).toHaveCount(0)
    await page.getByRole('button', { name: 'Alterar para Pro' }).click()
    await expect(confirm).toBeVisible()
  }
  // Without a payment method the server refuses, whatever the browser let through.
  const csrf = await confirm.locator('input[name="csrf"]').inputValue()
  const refused = await page.request.post('/trocar-plano/confirmar?plano=PRO', {
    form: { csrf, intent: 'upgrade', plano: 'PRO' },
    headers: { origin: baseURL!, 'sec-fetch-site': 'same-origin' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain('Escolha uma forma de pagamento.')
  await confirm.getByRole('radio', { name: 'PayPal' }).check()
  await confirm.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page).toHaveURL(/\/sandbox-pagamentos\//)
  await page.getByRole('button', { name: 'Recusar pagamento' }).click()

  await expect(page).toHaveURL(/\/trocar-plano$/)
  await expect(toasts(page)).toContainText('Pagamento recusado: o PayPal recusou o pagamento')
  await expect(toasts(page)).toContainText('Seu plano não mudou e nada foi cobrado.')
  await expect(currentPlan(page)).toContainText('Gratuito')
  expect((await policyOf(request, student.token)).plan_name).toBe('GRATUITO')
})

test('a subscriber cancels and undoes it, then schedules a downgrade and keeps the plan', async ({ page, request, javaScriptEnabled }) => {
  test.slow()
  const student = await registerViaApi(request)
  await buyPremium(request, student.token)
  await signIn(page, student, '/trocar-plano')
  await expect(currentPlan(page)).toContainText('Premium')

  // Cancel: confirmed on its own step, the plan stays until the period ends.
  await page.getByRole('link', { name: 'Cancelar assinatura' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\/cancelar$/)
  const cancel = step(page, javaScriptEnabled, 'Cancelar assinatura')
  await expect(cancel).toContainText('sem taxas')
  await cancel.getByRole('button', { name: 'Confirmar cancelamento' }).click()
  await expect(page).toHaveURL(/\/trocar-plano$/)
  await expect(toasts(page)).toContainText('Assinatura cancelada, sem taxas.')
  await expect(page.getByTestId('status-badge')).toHaveText('Cancelado')
  await expect(currentPlan(page)).toContainText(/Acesso até \d{2}\/\d{2}\/\d{4}/)
  expect((await policyOf(request, student.token)).plan_name).toBe('PREMIUM')

  await page.getByRole('button', { name: 'Desfazer cancelamento' }).click()
  await expect(toasts(page)).toContainText('Cancelamento desfeito: sua assinatura continua ativa.')
  await expect(page.getByTestId('status-badge')).toHaveText('Ativo')

  // A smaller plan: no payment, scheduled for the next billing cycle.
  await page.locator('label[for="plano-BASICO"]').click()
  await page.getByRole('button', { name: 'Alterar para Básico' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\/confirmar\?plano=BASICO$/)
  const confirm = step(page, javaScriptEnabled, 'Confirmar mudança de plano')
  await expect(confirm).toContainText('A mudança vale a partir do próximo ciclo de cobrança.')
  await expect(confirm.getByRole('radio')).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page).toHaveURL(/\/trocar-plano$/)
  await expect(toasts(page)).toContainText('A mudança vale a partir do próximo ciclo de cobrança.')
  await expect(page.getByTestId('status-badge')).toHaveText('Mudança agendada')
  await expect(page.getByTestId('mudanca-agendada')).toContainText('Básico')
  await expect(currentPlan(page)).toContainText('Premium')

  await page.getByRole('button', { name: 'Manter o plano Premium' }).click()
  await expect(toasts(page)).toContainText('Mudança agendada desfeita: você continua no plano Premium.')
  await expect(page.getByTestId('status-badge')).toHaveText('Ativo')
})

test('/trocar-plano asks a visitor to log in; /planos sends a visitor to sign up and back', async ({ page }) => {
  await page.goto('/trocar-plano')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftrocar-plano$/)
  await page.goto('/planos')
  await page.getByRole('link', { name: 'Assinar o Pro' }).click()
  await expect(page).toHaveURL(/\/cadastrar\?redirectTo=/)
  await page.getByLabel('Nome completo').fill('Aluna Cadastro Plano')
  await page.getByLabel('Email', { exact: true }).fill(`plano-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@teste.gabarita`)
  await page.getByLabel('Senha', { exact: true }).fill('senha-segura-1')
  await page.getByLabel('Confirmar senha').fill('senha-segura-1')
  await page.getByLabel(/Li e aceito/).check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/trocar-plano\?plano=PRO$/)
  await expect(page.locator('#plano-PRO')).toBeChecked()
})

test('the admin finds a student, grants Premium, and sees it on /admin/assinaturas; never changes their own admin access', async ({
  page,
  request,
}) => {
  const student = await registerViaApi(request, { name: `Aluna Cortesia ${Date.now()}` })
  await signIn(page, DEMO_ADMIN, '/admin/usuarios')
  await page.getByLabel('Nome ou email').fill(student.email)
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/\/admin\/usuarios\?q=/)
  await page.getByRole('table').getByRole('link', { name: student.name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.name)
  await expect(page.getByTestId('plano-usuario')).toContainText('Gratuito')

  await page.getByLabel('Plano', { exact: true }).selectOption('PREMIUM')
  await page.getByRole('button', { name: 'Conceder plano' }).click()
  await expect(toasts(page)).toContainText(`Plano Premium concedido como cortesia a ${student.name}.`)
  await expect(page.getByTestId('plano-usuario')).toContainText('Premium')
  await expect(page.getByTestId('plano-usuario')).toContainText('Cortesia (sem pagamento)')
  expect((await policyOf(request, student.token)).plan_name).toBe('PREMIUM')

  await page.goto('/admin/assinaturas')
  await page.getByLabel('Situação da assinatura').selectOption('active')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/assinatura=active/)
  await expect(page.getByRole('table', { name: /Assinaturas/ })).toContainText(student.email)

  // Their own admin access: the API refuses and the page says so.
  await page.goto(`/admin/usuarios?q=${encodeURIComponent(DEMO_ADMIN.email)}`)
  await page.getByRole('table').getByRole('link').first().click()
  await page.getByRole('button', { name: 'Remover administrador' }).click()
  await expect(page.getByText('Você não pode alterar o seu próprio acesso de administrador.')).toBeVisible()
})
