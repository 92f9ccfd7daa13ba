import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, holdRequests, loginAsNewStudent } from './utils'

// Issue 15: the keyboard and focus walk through /questoes, the mobile menu and the shortcuts (the
// login's wrong password, its field marked and focused, is accounts.spec.ts's).
// The no-JS parts (panel closed after a search, the menu's name following its state) run in
// both projects; the rest is JS behaviour.

async function answerKeys(request: APIRequestContext, ids: number[]) {
  const login = await request.post('/api/v1/auth/login', { data: DEMO_ADMIN })
  const token = (await login.json()).token as string
  const keys = new Map<number, string>()
  for (const id of ids) {
    const res = await request.post(`/api/v1/questions/${id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
    keys.set(id, (await res.json()).correct_answer as string)
  }
  return keys
}

/** The focused element's box against the sticky header's bottom edge. */
async function focusClearOfHeader(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { ok: true, what: 'body' }
    const header = document.querySelector('header.sticky')!.getBoundingClientRect()
    const box = el.getBoundingClientRect()
    // Inside the header itself is fine; anywhere else it must start below it.
    const inHeader = el.closest('header.sticky') !== null
    return {
      ok: inHeader || box.top >= header.bottom - 1 || box.bottom <= 0,
      what: `${el.tagName} ${el.textContent?.trim().slice(0, 40)} top=${box.top}`,
    }
  })
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`tabbing backwards through /questoes at ${size.width}px never leaves the focus under the header`, async ({ page, request }) => {
    test.skip(test.info().project.name === 'js-off', 'one walk is enough: the scroll padding is CSS')
    await page.setViewportSize(size)
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await page.keyboard.press('End')
    await page
      .locator('footer')
      .last()
      .focus()
      .catch(() => {})
    const hidden: string[] = []
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Shift+Tab')
      const { ok, what } = await focusClearOfHeader(page)
      if (!ok) hidden.push(what)
    }
    expect(hidden).toEqual([])
  })
}

test('after a search the filter panels are closed and the first question is a few Tab stops away', async ({ page, request }) => {
  await loginAsNewStudent(page, request)
  await page.goto('/questoes')
  const disciplines = page.locator('details.qf', { has: page.locator('summary', { hasText: 'Disciplinas' }) })
  if (!(await disciplines.evaluate((d: HTMLDetailsElement) => d.open))) await disciplines.locator('summary').click()
  await disciplines.locator('input[type=checkbox]').first().check()
  await page.getByRole('button', { name: 'Buscar Questões' }).click()
  await expect(page).toHaveURL(/disciplina=/)
  await expect(disciplines).not.toHaveAttribute('open', '')
  await expect(disciplines.locator('summary')).toContainText('(1)')
  await page.getByRole('button', { name: 'Buscar Questões' }).focus()
  let reached = false
  for (let i = 0; i < 12 && !reached; i++) {
    await page.keyboard.press('Tab')
    reached = await page.evaluate(() => document.activeElement?.closest('article.qc') !== null)
  }
  expect(reached).toBe(true)
})

test('the mobile menu says what it does and closes on Escape, on leaving it and on navigating', async ({ page }) => {
  const js = test.info().project.name === 'js-on'
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/questoes')
  const menu = page.getByTestId('menu-celular')
  const summary = menu.locator('summary')
  await expect(summary).toHaveAccessibleName('Abrir menu')
  await summary.click()
  await expect(menu).toHaveAttribute('open', '')
  await expect(summary).toHaveAccessibleName('Fechar menu')
  if (!js) return
  await page.keyboard.press('Escape')
  await expect(menu).not.toHaveAttribute('open', '')
  await expect(summary).toBeFocused()

  await summary.click()
  await summary.focus()
  await page.keyboard.press('Shift+Tab')
  await expect(menu).not.toHaveAttribute('open', '')

  await summary.click()
  await menu.getByRole('link', { name: 'Planos' }).click()
  await expect(page).toHaveURL(/\/planos$/)
  await expect(menu).not.toHaveAttribute('open', '')
})

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'focus moves and shortcuts are JS behaviour')

  test('the focus follows each action: results after a search, the answer after Ver Resposta, the button after Ocultar', async ({
    page,
    request,
  }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await page.getByLabel('Buscar no enunciado').fill('direito')
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    await expect(page.locator('#resultado')).toBeFocused()

    const card = page.locator('article.qc').first()
    await card.getByRole('button', { name: 'Ver Resposta' }).click()
    const answer = card.getByTestId('resposta')
    await expect(answer).toBeFocused()
    await expect(page.locator('#anuncio')).toHaveText(/Questão \d+: (Gabarito: [A-E]\.|Questão Anulada\.)/)
    await card.getByRole('link', { name: 'Ocultar Resposta' }).click()
    await expect(card.getByRole('button', { name: 'Ver Resposta' })).toBeFocused()
    await expect(page.locator('#anuncio')).toHaveText(/resposta oculta/)
  })

  test('five questions answered with the keyboard alone: J, a letter, Enter', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    const cards = page.locator('article.qc')
    const ids = await cards.evaluateAll((list) => list.map((c) => Number(c.id.replace('questao-', ''))))
    const keys = await answerKeys(request, ids)
    // The shortcuts listen once the page has hydrated; their button appears at the same time.
    await expect(page.getByRole('button', { name: 'Atalhos' })).toBeVisible()
    await page.locator('body').press('?')
    const help = page.getByRole('dialog', { name: 'Atalhos de teclado' })
    await expect(help).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()

    let answered = 0
    for (let i = 0; i < ids.length && answered < 5; i++) {
      await page.keyboard.press('j')
      // By its id: a question another test imports meanwhile can join the top of the list when it
      // reloads after an answer, and the i-th card is then another one.
      const current = page.locator(`#questao-${ids[i]}`)
      await expect(current.locator('.qt')).toBeFocused()
      const letter = keys.get(ids[i])
      // Annulled questions (no key) and cards without alternatives are passed with J.
      if (!letter || !(await current.locator('input[type=radio]').count())) continue
      await page.keyboard.press(letter.toLowerCase())
      await expect(current.locator(`input[type=radio][value="${letter}"]`)).toBeChecked()
      await page.keyboard.press('Enter')
      await expect(current.getByTestId('resposta')).toContainText('Você acertou!')
      await expect(current.getByTestId('resposta')).toBeFocused()
      await expect(page.locator('#anuncio')).toHaveText(new RegExp(`Você acertou! Gabarito: ${letter}`))
      answered++
      // R hides this answer (focus back on 'Ver Resposta', still inside the card) and K/J go on.
      if (answered === 5) {
        await page.keyboard.press('r')
        await expect(current.getByTestId('resposta')).toBeHidden()
        await expect(current.getByRole('button', { name: 'Ver Resposta' })).toBeFocused()
      }
    }
    expect(answered).toBe(5)
  })

  test('an answer hidden at once gives the focus back to Ver Resposta: the list does not reload after it', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await expect(page.getByRole('button', { name: 'Atalhos' })).toBeVisible()
    // A reload of the page's loaders (GETs) would be held, as on a slow server; the answer carries
    // what changed, so none is asked for (issue 66) and 'Ver Resposta' is back at once.
    const reloads: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).searchParams.has('_data')) reloads.push(r.url())
    })
    const release = await holdRequests(page, (url) => url.searchParams.has('_data'), ['GET'])
    const card = page.locator('article.qc').first()
    await card.getByRole('button', { name: 'Ver Resposta' }).click()
    await expect(card.getByTestId('resposta')).toBeFocused()
    await card.getByRole('link', { name: 'Ocultar Resposta' }).click()
    const reveal = card.locator('button[value=revelar]')
    await expect(reveal).toBeEnabled()
    await expect(reveal).toHaveText('Ver Resposta')
    await expect(reveal).toBeFocused()
    expect(reloads).toEqual([])
    release()
  })

  test('typing in the search field never triggers a shortcut', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    const search = page.getByLabel('Buscar no enunciado')
    await search.fill('')
    await search.pressSequentially('jkr?')
    await expect(search).toHaveValue('jkr?')
    await expect(search).toBeFocused()
    await expect(page.getByRole('dialog', { name: 'Atalhos de teclado' })).toBeHidden()
  })
})

test('/cadastrar reports every error in one round, the password mismatch included', async ({ page }) => {
  await page.goto('/cadastrar')
  await page.getByLabel('Email', { exact: true }).fill('nao-e-email')
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel('Confirmar senha', { exact: true }).fill('outra-senha-2')
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page.getByText('As senhas não coincidem')).toBeVisible()
  await expect(page.getByText('Nome é obrigatório')).toBeVisible()
  await expect(page.getByText('Você precisa aceitar os termos de uso para continuar')).toBeVisible()
  // Without JS the page came back from the server: the first invalid field has the focus.
  if (test.info().project.name === 'js-off') await expect(page.getByLabel('Nome completo')).toBeFocused()
})
