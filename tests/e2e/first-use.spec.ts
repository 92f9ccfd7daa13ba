import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { hydrated, loginDialogReady, registerViaApi, signIn } from './utils'

// ADR 098: the visitor's /questoes works without JavaScript, so its scripts wait until the visitor
// first touches the page (a pointer, a key, the wheel, a focus): a phone reading the list is not
// blocked by them while it loads. The first tap is then the link's or the form's own, as without
// JavaScript; once the scripts are in, the page is the app's.

/** The page's own scripts asked for so far. */
function scriptRequests(page: Page) {
  const urls: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url())
  })
  return urls
}

test('a visitor’s list loads no script until it is touched, then is the app’s, without a hydration error', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript não há scripts a esperar')
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  const scripts = scriptRequests(page)
  await page.goto('/questoes')
  await expect(page.locator('article[id^="questao-"]')).toHaveCount(20)
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([])
  expect(await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))).toBe(false)

  // A keyboard user's first key: Tab moves to the skip link as it would anyway, and the scripts come.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused()
  await hydrated(page)
  expect(scripts.length).toBeGreaterThan(0)
  // The same page, now the app's: the login dialog takes a card's 'Responder'.
  await loginDialogReady(page)
  await page.locator('article[id^="questao-"]').first().getByRole('link', { name: 'Responder' }).click()
  await expect(page.getByRole('dialog', { name: 'Login necessário' })).toBeVisible()
  await expect(page).toHaveURL(/\/questoes$/)
  // No hydration mismatch (React would say so and draw the page again), no CSP refusal.
  expect(errors).toEqual([])
})

test('the first tap, before the scripts, is the link’s own: a card’s Responder leads to the login and back to the card', async ({
  page,
  request,
}) => {
  await page.goto('/questoes')
  const card = page.locator('article[id^="questao-"]').first()
  const id = (await card.getAttribute('id'))!
  await card.getByRole('link', { name: 'Responder' }).click()
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fquestoes%23${id}$`))
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  // A student signs in from there and lands on the same card (the form's own redirect).
  const student = await registerViaApi(request)
  await page.getByLabel('Email', { exact: true }).fill(student.email)
  await page.getByLabel('Senha', { exact: true }).fill(student.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes#${id}$`))
})

test('a student’s list and a visitor’s other pages run their scripts at once', async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'sem JavaScript não há scripts')
  const scripts = scriptRequests(page)
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  const student = await registerViaApi(request)
  scripts.length = 0
  await signIn(page, student, '/questoes')
  expect(scripts.length).toBeGreaterThan(0)
})
