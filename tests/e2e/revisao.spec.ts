import type { Browser } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { apiCall, startOwnServer } from './oab-server'
import { DEMO_ADMIN, freePort, signIn, uniqueEmail } from './utils'

// Issue 30, Revisão, as it will be checked: a student answers a question wrong today; the server
// is restarted with its clock moved two days forward (CLOCK_OFFSET_SECONDS, outside production);
// the question is due, reviewed one at a time through /revisao, and comes back later. Its own
// server on its own data directory, since the suite's server keeps the real clock.

const DAY = 86_400

async function page(browser: Browser, base: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  return context.newPage()
}

test('errada hoje, a questão volta depois de amanhã; revisada, volta mais tarde', async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(180_000)
  const student = { name: 'Rita Revisão', email: uniqueEmail('revisao'), password: 'revisao12345' }
  const server = await startOwnServer(await freePort(), { CLOCK_OFFSET_SECONDS: '0' })
  const { base } = server
  try {
    const { token } = await apiCall(base, 'POST', '/auth/register', null, { ...student, password_confirmation: student.password })
    const admin = (await apiCall(base, 'POST', '/auth/login', null, DEMO_ADMIN)).token
    const search = await apiCall(base, 'GET', '/questions/search?per_page=20&annulled=false', token)
    const question = search.data[0] as { id: number; short_id: string; alternatives: { letter: string }[] }
    const key = (await apiCall(base, 'POST', `/questions/${question.id}/reveal`, admin)).correct_answer as string
    const wrong = question.alternatives.find((a) => a.letter !== key)!.letter
    await apiCall(base, 'POST', `/questions/${question.id}/attempts`, token, { answer: wrong })

    let tab = await page(browser, base, javaScriptEnabled)
    await signIn(tab, student, '/revisao')
    await expect(tab.getByTestId('revisar-hoje')).toHaveText('Revisar hoje: 0 questões')
    await tab.context().close()

    // Two days later, by the server's clock.
    await server.restart({ CLOCK_OFFSET_SECONDS: String(2 * DAY) })
    tab = await page(browser, base, javaScriptEnabled)
    await signIn(tab, student, '/revisao')
    await expect(tab.getByTestId('revisar-hoje')).toHaveText('Revisar hoje: 1 questão')
    await tab.getByRole('link', { name: 'Começar revisão' }).click()
    await expect(tab).toHaveURL(/\/questoes\/resolver\?situacao=revisar&pos=1&desde=/)
    await expect(tab.locator('input[name=questao]').first()).toHaveValue(String(question.id))
    await tab.getByRole('radio', { name: new RegExp(`^${key}\\)`) }).check()
    await tab.getByRole('button', { name: 'Responder' }).click()
    await expect(tab.getByTestId('resposta')).toContainText('Você acertou!')
    // The four ratings as in Anki: a right answer offers Difícil, Bom and Fácil, each with its interval.
    const bar = tab.getByRole('navigation', { name: 'Navegação entre questões' })
    const days = async (label: string) => {
      const text = (await bar.getByRole('button', { name: new RegExp(`^${label}`) }).textContent())!
      const m = /(\d+) dias?$/.exec(text)
      expect(m, text).not.toBeNull()
      return Number(m![1])
    }
    const [hard, good, easy] = [await days('Difícil'), await days('Bom'), await days('Fácil')]
    expect(hard).toBeLessThanOrEqual(good)
    expect(good).toBeLessThan(easy)
    await expect(bar.getByRole('button', { name: /^Difícil/ })).toHaveAttribute('aria-keyshortcuts', '2')
    // Rated Difícil: it goes on (the run's end) and the card comes back in Difícil's days.
    await bar.getByRole('button', { name: /^Difícil/ }).click()
    await expect(tab.getByRole('heading', { name: 'Fim das questões' })).toBeVisible()
    await expect(tab.getByTestId('resumo')).toHaveText('Você acertou 1 e errou 0 da 1 questão que respondeu.')
    const stats = await apiCall(base, 'GET', '/review/stats', token)
    const due = (stats.forecast as { date: string; due: number }[]).findIndex((d) => d.due > 0)
    expect(due, JSON.stringify(stats.forecast)).toBe(hard)

    await tab.goto('/revisao')
    await expect(tab.getByTestId('revisar-hoje')).toHaveText('Revisar hoje: 0 questões')
    await expect(tab.getByText('1 revisão feita hoje, de um limite de 50 por dia.')).toBeVisible()
    // The /questoes filter finds nothing due any more.
    await tab.goto('/questoes?situacao=revisar')
    await expect(tab.getByText(/Nenhuma questão encontrada/)).toBeVisible()
    await tab.context().close()
  } finally {
    await server.stop()
  }
})
