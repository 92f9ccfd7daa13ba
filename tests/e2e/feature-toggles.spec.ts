import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { startOwnServer } from './oab-server'
import { DEMO_ADMIN, freePort, registerViaApi, signIn } from './utils'

// The admin's toggles are global: switched off on the suite's shared server, they reached the specs
// running beside this one (a notebook another spec created in that moment was refused, a CI flake).
// So this spec switches them on a server of its own, one per project.
let server: Awaited<ReturnType<typeof startOwnServer>>

test.beforeAll(async () => {
  server = await startOwnServer(await freePort())
})
test.afterAll(async () => server?.stop())

async function notebooksFor(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/policy', { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { features: { notebooks: boolean } }).features.notebooks
}

test('the admin switches notebooks off on /admin/recursos and the student’s feature map follows', async ({
  browser,
  javaScriptEnabled,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: server.base })
  const context = await browser.newContext({ baseURL: server.base, javaScriptEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const page = await context.newPage()
  const student = await registerViaApi(request)
  expect(await notebooksFor(request, student.token)).toBe(true)
  await signIn(page, DEMO_ADMIN, '/admin/recursos')
  await expect(page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Recursos' })).toBeVisible()

  const notebooks = page.getByLabel('Cadernos', { exact: true })
  await expect(notebooks).toBeChecked()
  await notebooks.uncheck()
  await page.getByRole('button', { name: 'Salvar recursos' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' })).toContainText('Recursos atualizados.')
  await expect(page.getByLabel('Cadernos', { exact: true })).not.toBeChecked()
  // The other four were sent too (an unchecked box is absent from the form): still on.
  await expect(page.getByLabel('Anúncios')).toBeChecked()
  expect(await notebooksFor(request, student.token)).toBe(false)

  await page.getByLabel('Cadernos', { exact: true }).check()
  await page.getByRole('button', { name: 'Salvar recursos' }).click()
  await expect(page.getByLabel('Cadernos', { exact: true })).toBeChecked()
  // With JS the box is checked before the POST lands: poll the API until it has.
  await expect.poll(() => notebooksFor(request, student.token)).toBe(true)
  await context.close()
  await request.dispose()
})
