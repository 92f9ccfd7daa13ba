import { expect, test } from '@playwright/test'

import { hydrated, registerViaApi, RENDERING, signIn, studiedQuestion } from './utils'

// Issue 66: a browser's first Intl formatter loads its locale and zone data, 15–25 ms of one task
// on a fast machine (four to eight times that on a phone), and it was built while the page's
// scripts were evaluated. The two heaviest student pages now build none until they are hydrated:
// their dates and day names are written by the server, whole numbers without Intl.

test.describe('hidratação leve', () => {
  test('/questoes e cada aba do /dashboard se hidratam sem montar um formatador Intl', RENDERING, async ({ page, request }) => {
    const student = await registerViaApi(request)
    // A history, so every tab has dates to show (answers, a notebook, a note).
    await studiedQuestion(request, student.token)
    await signIn(page, student)
    // Counts every Intl formatter the page builds, from its first script on.
    await page.addInitScript(() => {
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
    })
    const pages = [
      '/questoes',
      '/dashboard',
      ...['cadernos', 'comentarios', 'forum', 'configuracoes'].map((aba) => `/dashboard?aba=${aba}`),
    ]
    for (const path of pages) {
      await page.goto(path)
      await hydrated(page)
      // The page shows its dates (the dashboard's overview lists the answer with its time).
      if (path === '/dashboard')
        await expect(page.getByTestId('atividade').first().locator('time')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl), path).toEqual([])
    }
  })
})
