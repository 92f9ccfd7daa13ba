import { test } from '@playwright/test'
import { loginViaPage, registerViaApi, studiedQuestion } from './utils'
test('shots', async ({ page, request }) => {
  const s = await registerViaApi(request, { name: 'Foto' })
  await studiedQuestion(request, s.token)
  await loginViaPage(page, s, '/dashboard')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: '/tmp/revpages-dash.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 800 })
  await page.screenshot({ path: '/tmp/revpages-dash-phone.png', fullPage: true })
  await page.goto('/dashboard?aba=configuracoes')
  await page.screenshot({ path: '/tmp/revpages-config-phone.png', fullPage: true })
  await page.goto('/plano-de-estudos')
  await page.screenshot({ path: '/tmp/revpages-plano-free.png', fullPage: true })
})
