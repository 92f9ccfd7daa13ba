import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, signIn } from './utils'

// Issue 28: the plan catalogue is data an admin edits on /admin/planos. A refused value keeps
// what was typed; a service written in stays off the plan cards until switched on.

test('an admin edits a plan and writes in a service, which the cards show only once it is switched on', async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 8)
  const toast = page.getByRole('region', { name: 'Notificações' }).getByRole('status')
  await signIn(page, DEMO_ADMIN, '/admin')
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Planos' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planos')

  const basico = page.getByTestId('catalogo-BASICO')
  const price = basico.getByLabel('Preço mensal (R$)')
  await price.fill('0,50')
  await basico.getByRole('button', { name: 'Salvar o Básico' }).click()
  await expect(basico.getByText('Um plano pago custa pelo menos R$ 1,00.')).toBeVisible()
  await expect(basico.getByLabel('Preço mensal (R$)')).toHaveValue('0,50')

  await basico.getByLabel('Preço mensal (R$)').fill('20,00')
  await basico.getByLabel('Frase do plano').fill(`Treino diário ${tag}`)
  await basico.getByRole('button', { name: 'Salvar o Básico' }).click()
  await expect(toast).toHaveText('Plano Básico salvo.')

  const label = `Mentoria em grupo ${tag}`
  const create = page.locator('#nova-linha')
  await create.getByLabel('Texto no cartão').fill(label)
  await create.getByLabel('Pro', { exact: true }).check()
  await create.getByRole('button', { name: 'Criar serviço' }).click()
  await expect(toast).toHaveText(`Linha “${label}” criada, desligada: ligue-a quando o serviço existir.`)

  await page.goto('/planos')
  const cards = page.getByTestId('plan-card')
  await expect(cards.nth(1)).toContainText(`Treino diário ${tag}`)
  await expect(cards.nth(3)).not.toContainText(label)

  await page.goto('/admin/planos')
  const line = page.getByTestId('linha-catalogo').filter({ has: page.getByRole('button', { name: `Excluir “${label}”` }) })
  await expect(line).toContainText('Oculta: linha desligada')
  await line.getByLabel('Linha ligada').check()
  await line.getByRole('button', { name: 'Salvar linha' }).click()
  await expect(toast).toHaveText(`Linha “${label}” ligada.`)

  await page.goto('/planos')
  await expect(cards.nth(3)).toContainText(label)
  await expect(cards.nth(2)).not.toContainText(label)

  await page.goto('/admin/planos')
  await line.getByRole('button', { name: `Excluir “${label}”` }).click()
  await expect(toast).toHaveText(`Linha “${label}” excluída.`)
  await page.goto('/planos')
  await expect(cards.nth(3)).not.toContainText(label)
})
