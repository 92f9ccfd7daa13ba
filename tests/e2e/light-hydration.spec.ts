import { expect, test } from '@playwright/test'

import { hydrated, loginDialogReady, premiumStudent, RENDERING, signIn, studiedQuestion } from './utils'

// Issue 66: a browser's first Intl formatter loads its locale and zone data, 15–25 ms of one task
// on a fast machine (four to eight times that on a phone), and it was built while the page's
// scripts were evaluated. The two heaviest student pages now build none until they are hydrated:
// their dates and day names are written by the server, whole numbers without Intl.

/** Counts every Intl formatter the page builds, from its first script on (window.__intl). */
function countIntl() {
  const built: string[] = []
  ;(window as unknown as { __intl: string[] }).__intl = built
  for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator', 'ListFormat'] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object
    const Counted = function (this: unknown, ...args: unknown[]) {
      built.push(name)
      return new Original(...args)
    } as unknown as typeof Original
    Object.setPrototypeOf(Counted, Original)
    Counted.prototype = Original.prototype
    Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true })
  }
  Date.prototype.toLocaleString = new Proxy(Date.prototype.toLocaleString, {
    apply: (target, self, args) => (built.push('toLocaleString'), Reflect.apply(target, self, args)),
  })
}

test.describe('hidratação leve', () => {
  test('/questoes e cada aba do /dashboard se hidratam sem montar um formatador Intl', RENDERING, async ({ page, request }) => {
    const student = await premiumStudent(request, {}, 'PRO')
    // A history, so every tab has dates to show (answers, a notebook, a note, a simulado delivered).
    await studiedQuestion(request, student.token)
    const auth = { Authorization: `Bearer ${student.token}` }
    const sitting = await request.post('/api/v1/simulations', { headers: auth, data: { kind: 'personalizado', size: 5 } })
    expect(sitting.status(), await sitting.text()).toBe(201)
    const { simulation } = (await sitting.json()) as { simulation: { id: number; started_at: string } }
    expect((await request.post(`/api/v1/simulations/${simulation.id}/finish`, { headers: auth })).status()).toBe(200)
    await signIn(page, student)
    await page.addInitScript(countIntl)
    const pages = [
      '/questoes',
      '/dashboard',
      ...['cadernos', 'desempenho', 'comentarios', 'forum', 'configuracoes'].map((aba) => `/dashboard?aba=${aba}`),
      '/simulados',
    ]
    // The simulado's start as the student's clock reads it (the server writes it in São Paulo's time).
    const started = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date(simulation.started_at))
      .replace(',', '')
    for (const path of pages) {
      await page.goto(path)
      await hydrated(page)
      // The page shows its dates (the dashboard's overview lists the answer with its time).
      if (path === '/dashboard')
        await expect(page.getByTestId('atividade').first().locator('time')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      if (path === '/simulados' || path.endsWith('desempenho'))
        await expect(page.getByRole('cell', { name: started, exact: true }).first()).toBeVisible()
      expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl), path).toEqual([])
    }
  })

  test(
    '/questoes do visitante: a lista fica como o servidor a escreveu, nada se move, e tudo segue funcionando',
    RENDERING,
    async ({ page }) => {
      // Layout shifts from the first paint on (reflow.spec.ts reads the signed-in pages).
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] }
        w.shifts = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput && entry.value > 0) w.shifts.push(entry.value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.addInitScript(countIntl)
      await page.setViewportSize({ width: 360, height: 740 })
      // The document arrives whole, as reflow.spec.ts has it: what is measured is what the scripts move.
      await page.route(
        (url) => url.pathname === '/questoes' && !url.searchParams.has('_data'),
        async (route) => route.fulfill({ response: await route.fetch() }),
      )
      await page.goto('/questoes')
      await hydrated(page)
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
      )
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([])
      expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toEqual([])
      // Issue 66: the twenty cards are not hydrated (the list is, and the page around it).
      const reactOwned = (selector: string) =>
        page.evaluate((s) => Object.keys(document.querySelector(s)!).some((key) => key.startsWith('__reactFiber$')), selector)
      expect(await reactOwned('ol.qcl')).toBe(true)
      expect(await reactOwned('ol.qcl > li')).toBe(false)

      const cards = page.locator('article[id^="questao-"]')
      await expect(cards).toHaveCount(20)
      // The login dialog takes a card's 'Responder' (and 'Ver Resposta'), the page stays.
      await loginDialogReady(page)
      await cards.first().getByRole('link', { name: 'Responder' }).click()
      const dialog = page.getByRole('dialog', { name: 'Login necessário' })
      await expect(dialog).toBeVisible()
      await expect(page).toHaveURL(/\/questoes$/)
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      await expect(dialog).toBeHidden()

      // 'Reportar erro' of a card past the first opens its page in the app (no document load).
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
      const third = cards.nth(2)
      const id = (await third.getAttribute('id'))!.replace('questao-', '')
      await third.locator('summary', { hasText: 'Mais' }).click()
      await third.getByRole('link', { name: 'Reportar erro' }).click()
      await expect(page).toHaveURL(new RegExp(`/questoes/${id}/reportar\\?voltar=%2Fquestoes$`))
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

      // Another page of the list is drawn in the browser from its data: texts, and links that keep the page.
      await page.goBack()
      await expect(cards).toHaveCount(20)
      await page.getByRole('link', { name: /Próxima/ }).click()
      await expect(page).toHaveURL(/\/questoes\?pagina=2$/)
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
      await expect(cards).toHaveCount(20)
      for (const card of await cards.all()) await expect(card.locator('.qs')).not.toBeEmpty()
      await expect(cards.first().getByRole('link', { name: 'Responder' })).toHaveAttribute(
        'href',
        /^\/login\?redirectTo=%2Fquestoes%3Fpagina%3D2%23questao-\d+$/,
      )
      expect(await reactOwned('ol.qcl > li')).toBe(true)
    },
  )
})
