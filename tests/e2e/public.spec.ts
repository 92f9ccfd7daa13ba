import { expect, test } from '@playwright/test'

test('landing shows the tagline and the OAB promo leading to /questoes', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sua aprovação é nossa meta')
  await expect(page.getByText('Prepare-se para a OAB')).toBeVisible()
})

test('an unknown path answers 404 with a link home', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe')
  expect(response?.status()).toBe(404)
  await page.getByRole('link', { name: 'Voltar para o início' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the theme switch sets the theme on the server-rendered page', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/system/)
  await page.getByRole('button', { name: 'Tema escuro' }).first().click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  // The cookie is set by the POST (a navigation without JS, a fetcher with it).
  await page.waitForLoadState('networkidle')
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
})
