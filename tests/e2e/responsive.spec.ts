import type { Locator, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { answerFirstWrong, DEMO_ADMIN, loginAsNewStudent, premiumStudent, registerViaApi, RENDERING, signIn } from './utils'

// What a user sees at the widths the issue measured: a 1024 px laptop and a 390 px phone.

/** Every box of these elements lies inside the viewport's width (screen-reader-only ones aside). */
async function expectInsideWidth(locator: Locator, width: number) {
  const boxes = await locator.evaluateAll((els) =>
    els
      .filter((el) => !el.closest('.sr-only'))
      .map((el) => {
        const r = el.getBoundingClientRect()
        return { text: (el.textContent ?? '').trim().slice(0, 30), left: r.left, right: r.right, width: r.width }
      }),
  )
  expect(boxes.length).toBeGreaterThan(0)
  for (const box of boxes.filter((b) => b.width > 0)) {
    expect(box.left, box.text).toBeGreaterThanOrEqual(0)
    expect(box.right, box.text).toBeLessThanOrEqual(width)
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }))
  expect(scroll).toBeLessThanOrEqual(inner)
}

test.describe('1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test("every plan's header fits at 1024 and 1280 px, Sair on screen; Revisão and Simulados join it from 1280 px, Assistente from 1536 px", async ({
    page,
    request,
  }) => {
    for (const plan of ['GRATUITO', 'PREMIUM', 'PRO'] as const) {
      const student = plan === 'GRATUITO' ? await registerViaApi(request) : await premiumStudent(request, {}, plan)
      await page.context().clearCookies()
      await page.setViewportSize({ width: 1024, height: 768 })
      await signIn(page, student, '/dashboard')
      const header = page.locator('body > header')
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        await expectNoSidewaysScroll(page)
        await expectInsideWidth(header.locator('a:visible, button:visible, summary:visible'), width)
        await expect(header.getByRole('button', { name: 'Sair' }), `${plan} a ${width} px`).toBeInViewport()
      }
      await expect(header.getByRole('link', { name: 'Revisão' })).toBeVisible()
      await expect(header.getByRole('link', { name: 'Simulados' })).toBeVisible()
      if (plan !== 'GRATUITO') {
        await page.setViewportSize({ width: 1536, height: 800 })
        await expect(header.getByRole('link', { name: 'Assistente' })).toBeVisible()
        await expectNoSidewaysScroll(page)
      }
    }
  })

  test("an admin's header fits, with the admin pages one menu away", async ({ page }) => {
    await signIn(page, DEMO_ADMIN, '/admin')
    await expect(page).toHaveURL(/\/admin$/)
    await expectNoSidewaysScroll(page)
    await expectInsideWidth(page.locator('body > header a:visible, body > header button:visible, body > header summary:visible'), 1024)
    // The stat cards keep their figures inside.
    for (const card of await page.locator('main dl > div').all()) {
      const [outer, value] = [await card.boundingBox(), await card.locator('dd').boundingBox()]
      expect(value!.x + value!.width).toBeLessThanOrEqual(outer!.x + outer!.width)
    }

    // The admin sidebar is open, with no fold control.
    await expect(page.getByRole('navigation', { name: 'Administração' })).toBeVisible()
    await expect(page.locator('#admin-sidebar summary')).toBeHidden()

    const menu = page.locator('body > header').getByRole('navigation', { name: 'Menu do administrador' })
    await expect(menu).toBeHidden()
    await page.locator('body > header summary', { hasText: 'Admin' }).click()
    await expect(menu).toBeVisible()
    await expectInsideWidth(menu.getByRole('link'), 1024)
    await menu.getByRole('link', { name: 'Disciplinas' }).click()
    await expect(page).toHaveURL(/\/admin\/disciplinas$/)
    await expect(page.getByRole('heading', { name: 'Disciplinas', level: 1 })).toBeVisible()
    await expect(page.locator('body > header').getByRole('navigation', { name: 'Menu do administrador' })).toBeHidden()
  })
})

test.describe('390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the admin menu folds into one line and the pages do not scroll sideways', async ({ page }) => {
    await signIn(page, DEMO_ADMIN, '/admin')
    await expect(page).toHaveURL(/\/admin$/)
    const nav = page.getByRole('navigation', { name: 'Administração' })
    const fold = page.locator('#admin-sidebar summary')
    await expect(fold).toContainText('Menu do painel')
    await expect(fold).toContainText('Home')
    await expect(nav).toBeHidden()
    // The page's own heading is on the first screen, not pushed below it by the menu.
    const heading = (await page.getByRole('heading', { name: 'Visão geral' }).boundingBox())!
    expect(heading.y + heading.height).toBeLessThan(400)

    // Opens without JS; every entry inside the screen; a choice folds it again.
    await fold.click()
    await expect(nav).toBeVisible()
    await expectInsideWidth(nav.locator('a, button'), 390)
    await nav.getByRole('link', { name: 'Provas' }).click()
    await expect(page).toHaveURL(/\/admin\/provas$/)
    await expect(page.getByRole('navigation', { name: 'Administração' })).toBeHidden()
    await expect(page.locator('#admin-sidebar summary')).toContainText('Provas')

    for (const path of ['/admin', '/admin/disciplinas', '/admin/provas']) {
      await page.goto(path)
      await expectNoSidewaysScroll(page)
      await expectInsideWidth(
        page.locator('main h1, main h2, main button:visible, main input:visible:not([type=file]), main summary:visible'),
        390,
      )
    }
  })

  test('the topic table fits: every column readable without scrolling sideways', RENDERING, async ({ page }) => {
    await signIn(page, DEMO_ADMIN, '/admin')
    const table = page.getByRole('table', { name: 'Questões por assunto' })
    await table.scrollIntoViewIfNeeded()
    await expectInsideWidth(table.locator('th:visible, td:visible'), 390)
    const scroller = await table.evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }))
    expect(scroller.scroll).toBeLessThanOrEqual(scroller.client)
    // The discipline is still there, under the topic.
    await expect(table.getByRole('row').nth(1)).toContainText(/Direito|Ética/)
  })

  test('the /questoes filter card is folded: the results come first', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes?dificuldade=facil')
    const card = page.locator('section[aria-labelledby="filtros-titulo"]')
    const toggle = card.locator('summary', { hasText: 'Mostrar filtros' })
    await expect(toggle).toBeVisible()
    // The active filter count shows while folded.
    await expect(toggle).toContainText('(1 ativo)')
    await expect(card.getByTestId('filtros-ativos')).toHaveText('1')
    await expect(page.getByLabel('Buscar no enunciado')).toBeHidden()
    const results = (await page.getByRole('heading', { name: /^Encontradas \d+ questões/ }).boundingBox())!
    expect(results.y + results.height).toBeLessThan(844)
    await expectNoSidewaysScroll(page)

    // Opens without JS, and the search still works from there.
    await toggle.click()
    await expect(page.getByLabel('Buscar no enunciado')).toBeVisible()
    await page.getByLabel('Buscar no enunciado').fill('contrato')
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    await expect(page).toHaveURL(/q=contrato/)
    await expect(card.locator('details.filters > summary')).toContainText('(2 ativos)')
  })
})

test.describe('360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('an answered card keeps its alternatives readable: the verdict goes under the text, nothing spills', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    const card = await answerFirstWrong(page)
    for (const verdict of ['Sua resposta', 'Correta']) {
      const row = card.locator('fieldset label', { hasText: verdict })
      const [rowBox, textBox] = [await row.boundingBox(), await row.locator('> span').first().boundingBox()]
      // Beside the text, the label squeezed it to about half the row.
      expect(textBox!.width, verdict).toBeGreaterThan(rowBox!.width * 0.75)
    }
    await expectInsideWidth(card.locator('fieldset label, fieldset em'), 360)
    await expectNoSidewaysScroll(page)
  })
})

test('on a desktop the filter card is open, with no fold control', RENDERING, async ({ page, request }) => {
  await loginAsNewStudent(page, request)
  await page.goto('/questoes')
  await expect(page.getByLabel('Buscar no enunciado')).toBeVisible()
  await expect(page.locator('details.filters > summary')).toBeHidden()
})
