import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { apiCall, phoneOn, startOabServer, studentOn, viewportBox } from './oab-server'
import { freePort, signIn } from './utils'

// Issue 39 §4, the simulado for one hand, on real OAB exams at 320 px with touch: "Iniciar" of an
// Exame de Ordem asks first (80 questions, 5 hours, the clock does not stop); on every question
// the time left and the action are in the bar, on screen without scrolling, with at most 150 px of
// chrome; the answer sheet is one tap away; a sitting the clock closed with no answer is listed as
// "Encerrado sem respostas", apart from the delivered ones; no table scrolls sideways; no
// floating assistant in a sitting.

const FILES = ['2012-ix-exame-de-ordem-unificado.txt', '2012-viii-exame-de-ordem-unificado.txt', '2012-vii-exame-de-ordem-unificado.txt']
const PHONE = { width: 320, height: 568 }
const WIDE = { width: 390, height: 844 }

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startOabServer>>
test.beforeAll(async () => {
  test.setTimeout(300_000)
  server = await startOabServer(await freePort(), FILES, {
    CLOCK_OFFSET_SECONDS: '0',
  })
})
test.afterAll(async () => server?.stop())

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
/** No sideways scroll at 320, 360 and 390 px; back to 320 after. */
async function fitsEveryPhone(page: Page) {
  for (const width of [360, 390, 320]) {
    await page.setViewportSize({ width, height: PHONE.height })
    expect(await fits(page), `${width} px`).toBe(true)
  }
}

test('an Exame de Ordem started and steered with one hand at 320 and 390 px', async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(240_000)
  const student = await studentOn(server.base, server.admin, 'PREMIUM')
  const page = await phoneOn(server.base, browser, PHONE, javaScriptEnabled)
  await signIn(page, student, '/simulados')

  // The Premium student has the floating assistant elsewhere (with JS): the check below means something.
  if (javaScriptEnabled) await expect(page.getByTestId('assistente-botao')).toBeVisible()
  // One tap does not start five hours: it asks first, with the sitting's real size and time.
  await page.getByRole('link', { name: 'Iniciar Exame de Ordem' }).tap()
  await expect(page.getByTestId('confirmar-exame')).toHaveText(/^São 80 questões e 5 horas\. O relógio não para/)
  await page.getByRole('button', { name: 'Começar agora' }).tap()
  await expect(page).toHaveURL(/\/simulados\/\d+$/)
  // No floating assistant over the sitting (a Premium student has one elsewhere).
  await expect(page.getByTestId('assistente-botao')).toHaveCount(0)

  // Five questions at 320 px, then three more at 390 px.
  for (let n = 1; n <= 8; n++) {
    if (n === 6) await page.setViewportSize(WIDE)
    const screen = n < 6 ? PHONE : WIDE
    const heading = page.getByRole('heading', { level: 1, name: `Questão ${n} de 80` })
    await expect(heading).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    // The time left and the action in the bar, on screen without scrolling.
    const time = await viewportBox(page, '[data-testid=tempo]')
    expect(time.top).toBeGreaterThanOrEqual(0)
    expect(time.bottom).toBeLessThanOrEqual(screen.height)
    await expect(page.getByTestId('tempo')).toContainText(/Tempo restante: [45]:\d\d:\d\d/)
    // Beside it, how many are answered.
    await expect(page.getByTestId('progresso')).toContainText(`${n - 1}/80`)
    const save = page.getByRole('button', { name: 'Salvar e próxima' })
    const action = (await save.boundingBox())!
    expect(action.y + action.height).toBeLessThanOrEqual(screen.height)
    const chrome = (await viewportBox(page, 'article .qa > label')).top - (await viewportBox(page, 'article .qs')).height
    expect(chrome, `chrome, questão ${n}`).toBeLessThanOrEqual(150)
    expect(await fits(page)).toBe(true)
    await page.locator('article .qa > label').first().tap()
    await save.tap()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 9 de 80' })).toBeVisible()
  await page.setViewportSize(PHONE)

  // The answer sheet one tap away: a sheet over the page with JS, the end of the page without.
  const cartao = page.getByRole('link', { name: 'Cartão', exact: true })
  if (javaScriptEnabled) {
    const sheet = page.getByRole('dialog', { name: 'Cartão-resposta' })
    // From the keyboard: the focus goes into the sheet, Esc closes it and the focus comes back.
    await cartao.focus()
    await page.keyboard.press('Enter')
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('button', { name: 'Fechar' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(cartao).toBeFocused()
    await cartao.tap()
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('link', { name: /^Questão 3 — respondida/ })).toBeVisible()
    await sheet.getByRole('link', { name: /^Questão 40 — em branco/ }).tap()
    await expect(sheet).toBeHidden()
  } else {
    await cartao.tap()
    const sheet = page.getByRole('navigation', { name: 'Cartão-resposta' })
    const top = (await viewportBox(page, '#cartao')).top
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(PHONE.height)
    await sheet.getByRole('link', { name: /^Questão 40 — em branco/ }).tap()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 40 de 80' })).toBeVisible()
  await page.context().close()
})

test('a sitting the clock closed with no answer is "Encerrado sem respostas"; the tables fit 320 px', async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000)
  const student = await studentOn(server.base, server.admin, 'PREMIUM')
  // One delivered with an answer, one left alone until its five hours are over.
  const delivered = (await apiCall(server.base, 'POST', '/simulations', student.token, { kind: 'personalizado', size: 5 })).simulation
  const first = (await apiCall(server.base, 'GET', `/simulations/${delivered.id}?position=1`, student.token)).question
  await apiCall(server.base, 'PUT', `/simulations/${delivered.id}/answers/${first.question_id}`, student.token, {
    choice: first.alternatives[0].letter,
  })
  await apiCall(server.base, 'POST', `/simulations/${delivered.id}/finish`, student.token)
  const abandoned = (await apiCall(server.base, 'POST', '/simulations', student.token, { kind: 'exame_ordem' })).simulation
  await server.restart({ CLOCK_OFFSET_SECONDS: String(6 * 3600) })

  const page = await phoneOn(server.base, browser, PHONE, javaScriptEnabled)
  await signIn(page, student, '/simulados')
  // Apart from the delivered one, with no grade.
  const rows = page.getByRole('region', { name: /Seus simulados/ }).getByRole('row')
  await expect(rows.filter({ hasText: /Aprovado|Reprovado/ })).toHaveCount(1)
  await expect(rows.filter({ hasText: /Exame de Ordem/ })).toHaveCount(0)
  const apart = page.getByRole('region', { name: 'Encerrados sem respostas' })
  await expect(apart.getByRole('listitem')).toHaveCount(1)
  await expect(apart.getByRole('listitem')).toContainText('Exame de Ordem (1ª fase): Encerrado sem respostas')
  await expect(page.getByText(/Reprovado: 0 de 80|0 de 80/)).toHaveCount(0)
  await fitsEveryPhone(page)

  await apart.getByRole('link', { name: 'Ver as questões' }).tap()
  await expect(page).toHaveURL(new RegExp(`/simulados/${abandoned.id}/resultado$`))
  await expect(page.getByTestId('nota')).toHaveText('Encerrado sem respostas: o tempo acabou sem nenhuma resposta salva')
  await expect(page.getByText('Sem respostas não há nota: ele fica fora do gráfico e da comparação.', { exact: false })).toBeVisible()
  await expect(page.getByText(/O corte é de|Reprovado/)).toHaveCount(0)
  await fitsEveryPhone(page)
  await page.goto(`/simulados/${delivered.id}/resultado`)
  await expect(page.getByText(/(0 certas|1 certa), (0 erradas|1 errada), 4 em branco\./)).toBeVisible()
  await fitsEveryPhone(page)
  await page.context().close()
})
