import path from 'node:path'

import { expect, test } from '@playwright/test'

import { mailsTo } from '../support/mail'
import { DEMO_ADMIN, e2eDataDir, signIn, uniqueEmail } from './utils'

// Issue 28: a message sent through /contato reaches an admin, who opens it (now read) and
// answers it; the answer goes by mail to the sender and stays on the message's page.

test('an admin reads a message sent through /contato and replies by mail', async ({ page }) => {
  const email = uniqueEmail('contato')
  const subject = `Dúvida sobre o plano Pro ${Math.random().toString(36).slice(2, 8)}`
  await page.goto('/contato')
  const main = page.getByRole('main')
  await main.getByLabel('Nome', { exact: true }).fill('Rita Moraes')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Assunto', { exact: true }).fill(subject)
  await main.getByLabel('Mensagem', { exact: true }).fill('O plano Pro tem simulados?')
  await main.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page).toHaveURL(/\/contato\?enviado=1$/)

  await signIn(page, DEMO_ADMIN, '/admin')
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Mensagens de contato' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mensagens de contato')
  const item = page.getByRole('article').filter({ hasText: subject })
  await expect(item).toContainText(`Rita Moraes (${email})`)
  await expect(item).toContainText('O plano Pro tem simulados?')
  await expect(item.getByTestId('situacao')).toHaveText('Nova')

  await item.getByRole('link', { name: subject }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject)
  await expect(page.getByTestId('situacao')).toHaveText('Lida')
  await expect(page.getByRole('blockquote', { name: 'Mensagem original' })).toHaveText('O plano Pro tem simulados?')

  // Spaces pass the browser's `required` (so the no-JS POST happens) but not the schema.
  await page.getByLabel('Resposta', { exact: true }).fill('   ')
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByText('Escreva a resposta.')).toBeVisible()
  expect(mailsTo(path.join(e2eDataDir(), 'outbox'), email)).toHaveLength(0)

  await page.getByLabel('Resposta', { exact: true }).fill('Olá, Rita! Sim: o plano Pro inclui simulados.')
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText(`Resposta enviada para ${email}.`)
  await expect(page.getByTestId('situacao')).toHaveText('Respondida')
  const answer = page.getByRole('region', { name: 'Resposta' })
  await expect(answer).toContainText(`Enviada para ${email}`)
  await expect(answer).toContainText('Olá, Rita! Sim: o plano Pro inclui simulados.')
  await expect(page.getByRole('button', { name: 'Responder' })).toHaveCount(0)

  const mails = mailsTo(path.join(e2eDataDir(), 'outbox'), email)
  expect(mails).toHaveLength(1)
  expect(mails[0]).toContain('Olá, Rita! Sim: o plano Pro inclui simulados.')

  // The filter is a GET form.
  await page.goto('/admin/contato')
  await page.getByLabel('Situação', { exact: true }).selectOption('respondida')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/situacao=respondida/)
  await expect(page.getByRole('article').filter({ hasText: subject }).getByTestId('situacao')).toHaveText('Respondida')
})
