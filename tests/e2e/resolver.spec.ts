import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, loginAsNewStudent, registerViaApi, signIn } from './utils'

// Issue 27, Modo resolução: from a filtered /questoes, 'Resolver uma por vez' opens the same
// search one question at a time. The student answers one right and one wrong through
// 'Responder' and 'Próxima', watches the progress move, and ends on the summary with the
// count and a link to the one to review. Plain forms and links: the same with JS and without.

type ApiCard = { id: number; short_id: string; is_annulled: boolean; topics: { id: number }[]; alternatives: { letter: string }[] }

/** A topic with two or three live questions, and the answer key of each by code. */
async function smallTopic(request: APIRequestContext) {
  const res = await request.get('/api/v1/questions/search?per_page=100')
  const cards = ((await res.json()) as { data: ApiCard[] }).data
  const byTopic = new Map<number, ApiCard[]>()
  for (const card of cards) for (const t of card.topics) byTopic.set(t.id, [...(byTopic.get(t.id) ?? []), card])
  const [topicId, questions] = [...byTopic].find(([, qs]) => qs.length >= 2 && qs.length <= 3 && qs.every((q) => !q.is_annulled))!
  const token = await adminToken(request)
  const keys = new Map<number, { right: string; wrong: string }>()
  for (const q of questions) {
    const reveal = await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
    const right = (await reveal.json()).correct_answer as string
    keys.set(q.id, { right, wrong: q.alternatives.map((a) => a.letter).find((l) => l !== right)! })
  }
  return { topicId, total: questions.length, keys }
}

/** The question on screen, by the id its form sends. */
const shownId = async (page: Page) => Number(await page.locator('input[name=questao]').first().getAttribute('value'))

async function answerShown(page: Page, keys: Map<number, { right: string; wrong: string }>, kind: 'right' | 'wrong') {
  const id = await shownId(page)
  const letter = keys.get(id)![kind]
  await page.getByRole('radio', { name: new RegExp(`^${letter}\\)`) }).check()
  await page.getByRole('button', { name: 'Responder' }).click()
  return { id, letter }
}

test('resolve uma busca uma questão por vez e termina no resumo com acertos e erros; a 390 px nada rola de lado', async ({
  page,
  request,
}) => {
  const { topicId, total, keys } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes?assunto=${topicId}&anuladas=excluir`)
  await page.getByRole('link', { name: 'Resolver uma por vez' }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/resolver\\?assunto=${topicId}&anuladas=excluir&pos=1&desde=`))
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)

  await answerShown(page, keys, 'right')
  await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
  await expect(page.getByTestId('veredito')).toHaveText(/^Você acertou! Gabarito: [A-E]$/)
  // A right answer is rated in the bar, and the rating goes on to the next question.
  await expect(page.getByRole('link', { name: 'Próxima' })).toHaveCount(0)
  await page.getByRole('button', { name: /^Bom/ }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)

  // On a 390 px phone the question and its result fit, with no sideways scroll.
  const desktop = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
  expect(await fits()).toBe(true)
  const wrong = await answerShown(page, keys, 'wrong')
  await expect(page.getByTestId('resposta')).toContainText(`Você errou. Gabarito: ${keys.get(wrong.id)!.right}`)
  await expect(page.getByTestId('veredito')).toHaveText(/^Você errou\. Gabarito: [A-E] · volta (hoje|amanhã|em \d+ dias)$/)
  await expect(page.getByText('Sua resposta')).toBeVisible()
  expect(await fits()).toBe(true)
  await page.setViewportSize(desktop)
  await page.getByRole('link', { name: 'Questão anterior' }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  for (let pos = 2; pos <= total + 1; pos++) {
    await page.getByRole('link', { name: 'Próxima' }).click()
    if (pos <= total) await expect(page.getByTestId('progresso')).toHaveText(`Questão ${pos} de ${total}`)
  }

  await expect(page.getByRole('heading', { name: 'Fim das questões' })).toBeVisible()
  await expect(page.getByTestId('resumo')).toHaveText('Você acertou 1 e errou 1 das 2 questões que respondeu.')
  await expect(page.getByText('Acertos: 1')).toBeVisible()
  await expect(page.getByText('Erros: 1')).toBeVisible()
  await page.getByRole('link', { name: /^Questão #\S+ · / }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${wrong.id}$`))
})

test('sem login, o modo resolução passa pelo login e volta à mesma busca', async ({ page, request }) => {
  const { topicId } = await smallTopic(request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&pos=1`)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  const user = await registerViaApi(request)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/resolver\\?assunto=${topicId}&pos=1&desde=`))
  await expect(page.getByTestId('progresso')).toContainText('Questão 1 de')
})

test('em "Não resolvidas" a questão respondida sai da busca e a próxima continua a contagem', async ({ page, request }) => {
  const { topicId, total, keys } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&situacao=nao-resolvidas&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  const first = await answerShown(page, keys, 'right')
  // The answered question stays on screen with its result, though the search no longer holds it.
  await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
  expect(await shownId(page)).toBe(first.id)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  await page.getByRole('button', { name: /^Bom/ }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)
  expect(await shownId(page)).not.toBe(first.id)
  // Every one answered, the search is empty: the run still ends on its summary.
  for (let pos = 2; pos <= total; pos++) {
    await expect(page.getByTestId('progresso')).toHaveText(`Questão ${pos} de ${total}`)
    await answerShown(page, keys, 'right')
    await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
    await page.getByRole('button', { name: /^Fácil/ }).click()
  }
  await expect(page.getByTestId('resumo')).toHaveText(`Você acertou ${total} e errou 0 das ${total} questões que respondeu.`)
})

test('J e K andam entre as questões, A–E escolhem e Enter responde, as teclas do Anki dão a nota e seguem; digitando, as teclas são do campo', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name === 'js-off', 'atalhos de teclado precisam de JavaScript')
  const { topicId, total, keys } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  await page.locator('body').press('j')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)
  await page.locator('body').press('k')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  const { right, wrong } = keys.get(await shownId(page))!
  // A 'j' or a letter typed in a text field is typing, not a shortcut: no move, no alternative chosen.
  await page.evaluate(() =>
    document.querySelector('main')!.prepend(Object.assign(document.createElement('input'), { type: 'text', id: 'campo' })),
  )
  await page.locator('#campo').press('j')
  await expect(page.locator('#campo')).toHaveValue('j')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  await page.locator('#campo').press(wrong.toLowerCase())
  await expect(page.locator('#campo')).toHaveValue(`j${wrong.toLowerCase()}`)
  await expect(page.locator('input[name=resposta]:checked')).toHaveCount(0)
  await page.locator('#campo').evaluate((field) => field.remove())
  // A letter chooses, another letter changes the choice, Enter answers with the last one.
  await page.locator('body').press(wrong.toLowerCase())
  await expect(page.getByRole('radio', { name: new RegExp(`^${wrong}\\)`) })).toBeChecked()
  await page.keyboard.press(right.toUpperCase())
  const chosen = page.getByRole('radio', { name: new RegExp(`^${right}\\)`) })
  await expect(chosen).toBeChecked()
  await expect(chosen).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('veredito')).toHaveText(new RegExp(`^Você acertou! Gabarito: ${right}$`))
  // The focus went to the verdict, not into the page: the key still rates (4, Fácil) and goes on.
  await expect(page.getByTestId('veredito')).toBeFocused()
  // The rating buttons (and their keys) come with the answer panel's module, once it is here.
  await expect(page.getByRole('button', { name: /^Fácil/ })).toBeVisible()
  await page.keyboard.press('4')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)
  // 1 goes on after a wrong answer.
  await answerShown(page, keys, 'wrong')
  await expect(page.getByTestId('veredito')).toContainText('Você errou.')
  await page.locator('body').press('1')
  const next = total > 2 ? page.getByTestId('progresso').filter({ hasText: `Questão 3 de ${total}` }) : page.getByTestId('resumo')
  await expect(next).toBeVisible()
})

test('no plano Gratuito, passado o limite da semana, a questão diz o limite antes de ser lida', async ({ page, request }) => {
  const res = await request.get('/api/v1/questions/search?per_page=100')
  const live = ((await res.json()) as { data: ApiCard[] }).data.filter((q) => !q.is_annulled)
  const student = await registerViaApi(request)
  const auth = { Authorization: `Bearer ${student.token}` }
  // Four of the week's five questions spent through the API: the page says what is left.
  for (const q of live.slice(0, 4)) expect((await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: auth })).status()).toBe(200)
  await signIn(page, student)
  await page.goto(`/questoes/resolver?q=${live[5].short_id}&pos=1`)
  await expect(page.getByTestId('cota-semanal')).toContainText('Resta 1 de 5 questões nesta semana · renova segunda')
  // The fifth spent elsewhere: the next question says so before its statement, with the date and the plans.
  expect((await request.post(`/api/v1/questions/${live[4].id}/reveal`, { headers: auth })).status()).toBe(200)
  await page.goto(`/questoes/resolver?q=${live[6].short_id}&pos=1`)
  const alert = page.getByRole('alert').filter({ hasText: 'Você atingiu o limite de 5 questões por semana' })
  await expect(alert).toContainText(/Sua cota renova segunda, \d{1,2}(º)?\/\d{2}\./)
  await expect(alert.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos')
  await expect(page.getByRole('radio')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Responder' })).toHaveCount(0)
  await expect(page.locator('article .qs')).toHaveCount(0)
  // A question already counted this week is still open to answer.
  await page.goto(`/questoes/resolver?q=${live[0].short_id}&pos=1`)
  await expect(page.getByRole('button', { name: 'Responder' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})
