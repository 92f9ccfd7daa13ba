import { expect, test } from '@playwright/test'

import { premiumStudent, signIn } from './utils'

// A part of a page whose code comes later, in a chunk of its own (the login dialog, the answer's
// panel in modo resolução): when that chunk does not arrive (the signal dropped, or a deploy
// replaced the files under an open tab), only that part gives way; the page, its form and what
// the student did stay. It used to take the whole page to the error screen. JS only: without JS
// no chunk is ever fetched.

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'only a page with scripts fetches chunks later')

test('a visitor whose login dialog never arrives keeps the page and its form', async ({ page }) => {
  let refused = 0
  await page.route(/\/login-dialog-[A-Za-z0-9]+\.js$/, (route) => {
    refused += 1
    return route.abort('internetdisconnected')
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/contato')
  await expect.poll(() => refused).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
  await page.getByLabel('Nome').fill('Ana')
  await page.getByLabel('Email').fill('sem-arroba')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByText('Digite um email válido')).toBeVisible()
  expect(errors).toEqual([])
})

test('in modo resolução, an answer whose panel never arrives is kept, and the page says how to get it', async ({ page, request }) => {
  await signIn(page, await premiumStudent(request), '/questoes/resolver?anuladas=excluir&pos=1')
  await expect(page.getByTestId('progresso')).toContainText('Questão 1 de')
  // From now on the answer's panel cannot be fetched.
  await page.route(/\/after-answer-[A-Za-z0-9]+\.js$/, (route) => route.abort('internetdisconnected'))
  await page.locator('.qa > label').first().click()
  await page.getByRole('button', { name: 'Responder' }).click()
  const notLoaded = page.getByRole('status').filter({ hasText: 'Esta parte da página não carregou' })
  await expect(notLoaded.first()).toBeVisible()
  // The question stays, and so does the page around it.
  await expect(page.getByTestId('progresso')).toContainText('Questão 1 de')
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
  // The signal is back: the link loads the page again, with the answer's panel.
  await page.unroute(/\/after-answer-[A-Za-z0-9]+\.js$/)
  await notLoaded.first().getByRole('link', { name: 'Recarregar a página' }).click()
  await expect(page.getByTestId('resposta')).toBeVisible()
})
