import type { Page, Request } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { answerable, hydrated, loginAsNewStudent } from './utils'

// Issue 66: a card's answer on /questoes is one request with JavaScript. The action's reply carries
// what the page used to reload every loader for (the flash, the week's quota line, the card's last
// result); without JavaScript the answer stays a POST, a redirect and the list again.

/** dd/mm today on the São Paulo calendar (the card's 'Você errou · dd/mm'). */
function todayInSaoPaulo() {
  const [, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-')
  return `${day}/${month}`
}

/** Every request the page makes from now on (documents, data, scripts), as 'METHOD /path?search'. */
function recordRequests(page: Page) {
  const seen: string[] = []
  page.on('request', (r: Request) => {
    const url = new URL(r.url())
    seen.push(`${r.method()} ${url.pathname}${url.search}`)
  })
  return seen
}

test.describe('/questoes: a resposta de um cartão', () => {
  test('mostra o veredito, o aviso, a cota da semana e o último resultado depois de uma só requisição', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const [q] = await answerable(request, 1)
    const letter = q.alternatives[0].letter
    await loginAsNewStudent(page, request, `/questoes?q=${q.short_id}`)
    const card = page.locator(`#questao-${q.id}`)
    const quota = page.getByTestId('cota-semanal')
    await expect(quota).toContainText('Restam 5 de 5 questões nesta semana')

    // The page settled first (after hydration it asks for the routes its links may open).
    await page.waitForLoadState('networkidle')
    const seen = recordRequests(page)
    await card.getByRole('radio', { name: new RegExp(`^${letter}\\)`) }).check()
    await card.getByRole('button', { name: 'Responder' }).click()
    await expect(card.getByTestId('resposta')).toContainText(/Você (errou|acertou)/)
    const untilVerdict = [...seen]
    const right = (await card.getByTestId('resposta').textContent())!.includes('Você acertou')
    // What the reload used to bring, with the answer: the flash, the week's line, the card's last result.
    await expect(page.getByText(right ? 'Resposta correta!' : 'Resposta incorreta')).toBeVisible()
    await expect(quota).toContainText('Restam 4 de 5 questões nesta semana')
    await expect(card.getByTestId('ultima-tentativa')).toHaveText(`Você ${right ? 'acertou' : 'errou'} · ${todayInSaoPaulo()}`)

    if (javaScriptEnabled) {
      // One request between the tap and the verdict: the answer's own, to the list's route (no
      // route to discover and load first).
      expect(untilVerdict).toHaveLength(1)
      expect(untilVerdict[0]).toMatch(new RegExp(`^POST /questoes\\?responder=${q.id}&_data=`))
      // And none after it: no loader of the page ran again (a reload starts with the answer's reply).
      expect(seen.filter((r) => r.includes('_data=') || /^GET \/questoes[/?]/.test(r))).toEqual(untilVerdict)
      // The buttons are back at once, not after a reload of the list.
      await expect(card.getByRole('button', { name: 'Responder' })).toBeEnabled()
    } else {
      // Without JavaScript: the form's POST, its redirect to the list naming the answer, the list.
      expect(untilVerdict[0]).toBe(`POST /questoes/${q.id}/responder`)
      expect(untilVerdict[1]).toMatch(new RegExp(`^GET /questoes\\?.*revelada=${q.id}`))
    }

    // The server agrees with what the page said.
    await page.goto(page.url())
    await expect(quota).toContainText('Restam 4 de 5 questões nesta semana')
    await expect(card.getByTestId('ultima-tentativa')).toHaveText(`Você ${right ? 'acertou' : 'errou'} · ${todayInSaoPaulo()}`)
  })

  test('a última questão da semana recarrega a lista: os outros cartões se fecham', async ({ page, request }) => {
    const five = await answerable(request, 6)
    const student = await loginAsNewStudent(page, request)
    // Four of the week's five taken through the API; the fifth on the page.
    for (const q of five.slice(0, 4)) {
      const res = await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: { Authorization: `Bearer ${student.token}` } })
      expect(res.status()).toBe(200)
    }
    await page.goto('/questoes')
    await hydrated(page)
    await expect(page.getByTestId('cota-semanal')).toContainText('Resta 1 de 5 questões nesta semana')
    // A card not opened this week (one already opened would not count again).
    const opened = new Set(five.slice(0, 4).map((q) => `questao-${q.id}`))
    const open = page.locator('article[id^="questao-"]').filter({ has: page.getByRole('button', { name: 'Ver Resposta' }) })
    const ids = (await open.evaluateAll((els) => els.map((e) => e.id))).filter((id) => !opened.has(id))
    expect(ids.length).toBeGreaterThan(1)
    const fifth = page.locator(`#${ids[0]}`)
    await fifth.getByRole('button', { name: 'Ver Resposta' }).click()
    await expect(fifth.getByTestId('gabarito')).toBeVisible()
    await expect(page.getByText('Era a sua última questão desta semana.').first()).toBeVisible()
    // The list came again: the week is spent and the cards not opened this week say so.
    await expect(page.getByTestId('cota-semanal')).toContainText('Restam 0 de 5 questões nesta semana')
    await expect(page.locator(`#${ids[1]}`).getByTestId('cota-esgotada')).toBeVisible()
  })
})
