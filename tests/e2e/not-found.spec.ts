import type { ConsoleMessage } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { RENDERING } from './utils'

test('a 404 page has its own title and logs no console errors', RENDERING, async ({ page }) => {
  const errors: ConsoleMessage[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message)
  })
  const pageErrors: Error[] = []
  page.on('pageerror', (error) => pageErrors.push(error))

  const url = '/pagina-que-nao-existe'
  const response = await page.goto(url)
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Página não encontrada — Gabarita')
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // Chromium itself reports the document's 404 status ("Failed to load resource"): that
  // is the answer we mean to give, not an error of the page.
  const ownStatus = (m: ConsoleMessage) => m.text().startsWith('Failed to load resource') && m.location().url.endsWith(url)
  expect(errors.filter((m) => !ownStatus(m)).map((m) => m.text())).toEqual([])
  expect(pageErrors.map((e) => e.message)).toEqual([])
})
