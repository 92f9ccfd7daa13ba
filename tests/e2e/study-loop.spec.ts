import type { Locator } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { holdRequests, premiumStudent, RENDERING, signIn } from './utils'

// Issue 27, the study loop on a phone, measured: a card's height beyond its statement and
// alternatives (details, tools, buttons, spacing) at most 220 px at 390 px, on /questoes and in
// modo resolução; the tools one row of icons plus 'Mais'; a ~70-character reading column on a
// wide screen; a pending state on 'Responder' and on every tool. Modo resolução's 3 taps a question
// and its bar are measured on real exams at three widths in phone-loop.spec.ts.

const PHONE = { width: 390, height: 844 }
const MAX_EXTRA = 220

/** The card's height minus its statement's and its alternatives' boxes (their margins count as card). */
async function extraHeight(card: Locator) {
  const { height } = (await card.boundingBox())!
  const statement = (await card.locator('.qs').first().boundingBox())!.height
  const alternatives = (await card.locator('.qa').first().boundingBox())!.height
  return Math.round(height - statement - alternatives)
}

test.describe('390 px', () => {
  test.use({ viewport: PHONE })

  test("a /questoes card is its question: at most 220 px of anything else, the tools in one row; 'Mais' holds Vídeo, Detalhes and Reportar erro, and opens them", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await signIn(page, await premiumStudent(request), '/questoes')
    const cards = page.locator('article.qc')
    await expect(cards.first()).toBeVisible()
    const count = await cards.count()
    expect(count).toBeGreaterThan(5)
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i)
      // An admin's "Desatualizada" note and a "Pode estar desatualizada" badge are content about the
      // question; legislacao.spec adds old questions that carry them to the shared bank meanwhile.
      const outdated = card.getByTestId('desatualizada').or(card.getByTestId('pode-estar-desatualizada'))
      if (!(await card.locator('.qa').count()) || (await outdated.count())) continue
      expect(await extraHeight(card), `card ${i + 1}`).toBeLessThanOrEqual(MAX_EXTRA)
    }

    // The details in one line; the tools one row of icons, each named for screen readers.
    const first = cards.first()
    const details = (await first.locator('.qm').boundingBox())!
    expect(details.height).toBeLessThan(24)
    const tools = first.getByRole('group', { name: 'Ferramentas da questão' })
    const names = ['Análise', 'Anotação', 'Fichário', 'Desempenho', /^Discussões \(\d+\)$/]
    const tops = new Set<number>()
    for (const name of names) {
      const link = tools.getByRole('link', { name })
      await expect(link).toBeVisible()
      const box = (await link.boundingBox())!
      tops.add(Math.round(box.y))
      expect(box.width, String(name)).toBeLessThanOrEqual(48)
    }
    tops.add(Math.round((await tools.locator('summary').boundingBox())!.y))
    expect(tops.size).toBe(1)

    // 'Mais' holds the rest, inside the screen, and opens them.
    const id = (await first.getAttribute('id'))!.replace('questao-', '')
    await expect(first.getByRole('link', { name: 'Detalhes' })).toBeHidden()
    await first.locator('summary', { hasText: 'Mais' }).click()
    await expect(first.getByRole('link', { name: 'Vídeo' })).toBeVisible()
    await expect(first.getByRole('link', { name: 'Reportar erro' })).toBeVisible()
    const menu = (await first.locator('.qmo > div').boundingBox())!
    expect(menu.x).toBeGreaterThanOrEqual(0)
    expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width)
    await first.getByRole('link', { name: 'Detalhes' }).click()
    await expect(page).toHaveURL(new RegExp(`/questoes/${id}/detalhes`))
    const title = /Detalhes — Questão \d+ · /
    await expect(javaScriptEnabled ? page.getByRole('dialog', { name: title }) : page.getByRole('heading', { name: title })).toBeVisible()
  })
})

test(
  'on a wide screen the statement and alternatives keep a reading column of about 70 characters',
  RENDERING,
  async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await signIn(page, await premiumStudent(request), '/questoes')
    const statement = page.locator('article.qc .qs').first()
    await expect(statement).toBeVisible()
    const { width, ch } = await statement.evaluate((el) => {
      const probe = document.createElement('span')
      probe.style.cssText = 'position:absolute;visibility:hidden;width:1ch'
      el.appendChild(probe)
      const result = { width: el.getBoundingClientRect().width, ch: probe.getBoundingClientRect().width }
      probe.remove()
      return result
    })
    expect(width / ch).toBeLessThanOrEqual(72)
    // The names show beside the icons where there is room.
    const analysis = page.locator('article.qc').first().getByRole('link', { name: 'Análise' })
    expect((await analysis.boundingBox())!.width).toBeGreaterThan(60)
  },
)

test('with JS, Responder, the tools and Próxima (in modo resolução) say they are on their way', RENDERING, async ({ page, request }) => {
  await signIn(page, await premiumStudent(request), '/questoes')
  const card = page.locator('article.qc').filter({ hasNotText: 'Anulada' }).first()
  await expect(card).toBeVisible()
  // Hydrated: the floating assistant is drawn after it (a Premium student has one).
  await expect(page.getByTestId('assistente-botao')).toBeVisible()

  // Each request held until its pending state has been seen (a slow server, utils.ts). With JS a
  // card posts to the list's own route (`/questoes?responder={id}`, ADR 094).
  let release = await holdRequests(page, (url) => url.pathname === '/questoes' && url.searchParams.has('responder'), ['POST'])
  await card.locator('.qa > label').first().click()
  await card.getByRole('button', { name: 'Responder' }).click()
  const sending = card.getByRole('button', { name: 'Respondendo…' })
  await expect(sending).toBeVisible()
  await expect(sending).toHaveAttribute('aria-busy', 'true')
  release()
  await expect(card.getByTestId('resposta')).toBeVisible()
  await page.unrouteAll({ behavior: 'ignoreErrors' })

  for (const [tool, label] of [
    ['desempenho', 'Desempenho'],
    ['anotacoes', 'Anotação'],
    ['cadernos', 'Fichário'],
    ['discussoes', 'Discussões'],
    ['analise', 'Análise'],
  ] as const) {
    release = await holdRequests(page, (url) => url.pathname.endsWith(`/${tool}`))
    await card.getByRole('link', { name: new RegExp(`^${label}`) }).click()
    const pending = page.getByRole('status').filter({ hasText: 'Carregando…' })
    await expect(pending).toBeVisible()
    release()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(pending).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Fechar' }).first().click()
    await expect(dialog).toHaveCount(0)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  }

  // Modo resolução: Responder, then Próxima.
  await page.goto('/questoes/resolver?anuladas=excluir&pos=1')
  await expect(page.getByTestId('assistente-botao')).toBeVisible()
  release = await holdRequests(page, (url) => url.pathname === '/questoes/resolver')
  await page.locator('.qa > label').first().click()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByRole('button', { name: 'Respondendo…' })).toHaveAttribute('aria-busy', 'true')
  // The next question, fetched while the verdict is read (ADR 093), is held in turn: Próxima then waits for it.
  const releaseNext = await holdRequests(page, (url) => url.pathname === '/questoes/resolver', ['GET'])
  release()
  await expect(page.getByTestId('resposta')).toBeVisible()
  const next = page.getByRole('link', { name: 'Próxima' })
  await next.click()
  await expect(next).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('status').filter({ hasText: 'Carregando…' })).toBeVisible()
  releaseNext()
  await expect(page.getByTestId('progresso')).toContainText('Questão 2 de')
})
