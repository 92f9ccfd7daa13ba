import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

// Flash toasts are rendered in the server HTML (that the contact's success is said once, by its
// toast, is public.spec.ts's /contato test). Without JS, CSS alone fades them out
// (~6 s) and closes them (a checkbox + label); with JS the toaster's own 4 s timer and
// close button do it. Either way they must not stay over the page.

const CONTACT_SUCCESS = 'Mensagem enviada com sucesso! Entraremos em contato em breve.'

/** Sends the contact form; the success toast comes back with the redirect. */
async function sendContact(page: Page) {
  await page.goto('/contato')
  const main = page.getByRole('main')
  await main.getByLabel('Nome', { exact: true }).fill('Maria Souza')
  await main.getByLabel('Email', { exact: true }).fill('maria.souza@example.com')
  await main.getByLabel('Assunto', { exact: true }).fill('Dúvida sobre o plano Básico')
  await main.getByLabel('Mensagem', { exact: true }).fill('O plano Básico inclui as explicações dos professores?')
  await main.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page).toHaveURL(/\/contato\?enviado=1$/)
  const toast = page.getByRole('region', { name: 'Notificações' }).getByRole('status')
  await expect(toast).toHaveText(CONTACT_SUCCESS)
  return toast
}

test('a toast fades out by itself', async ({ page }) => {
  test.slow()
  const toast = await sendContact(page)
  const box = (await toast.boundingBox())!
  // JS: 4 s; no JS: the CSS fade ends at 6 s (and leaves it visibility: hidden).
  await expect(toast).toBeHidden({ timeout: 9_000 })
  // Nothing invisible is left where it was to catch taps.
  const center = [box.x + box.width / 2, box.y + box.height / 2]
  const hit = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[aria-label="Notificações"]')), center)
  expect(hit).toBe(false)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the toast sits at the top of the screen, clear of the form; its close control hides it and keeps the page and what was typed', async ({
    page,
  }) => {
    const toast = await sendContact(page)
    const box = (await toast.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    const form = (await page.getByRole('main').locator('form[action="/contato"]').boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(form.y)
    // The whole message is there (at most three lines on a phone).
    await expect(toast).toHaveText(CONTACT_SUCCESS)
    expect(box.height).toBeLessThan(120)

    const name = page.getByRole('main').getByLabel('Nome', { exact: true })
    await name.fill('Outra mensagem')
    await toast.getByTitle('Fechar notificação').click()
    await expect(toast).toBeHidden()
    await expect(page).toHaveURL(/\/contato\?enviado=1$/)
    await expect(name).toHaveValue('Outra mensagem')
  })
})
