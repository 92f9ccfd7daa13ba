import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, loginAsNewStudent, loginViaPage, registerViaApi } from './utils'

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
  const keys = new Map<string, { right: string; wrong: string }>()
  for (const q of questions) {
    const reveal = await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
    const right = (await reveal.json()).correct_answer as string
    keys.set(q.short_id, { right, wrong: q.alternatives.map((a) => a.letter).find((l) => l !== right)! })
  }
  return { topicId, total: questions.length, keys }
}

async function answerShown(page: Page, keys: Map<string, { right: string; wrong: string }>, kind: 'right' | 'wrong') {
  const code = (await page.locator('article h2').textContent())!.replace('#', '').trim()
  const letter = keys.get(code)![kind]
  await page.getByRole('radio', { name: new RegExp(`^${letter}\\)`) }).check()
  await page.getByRole('button', { name: 'Responder' }).click()
  return { code, letter }
}

test('resolve uma busca uma questão por vez e termina no resumo com acertos e erros', async ({ page, request }) => {
  const { topicId, total, keys } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes?assunto=${topicId}&anuladas=excluir`)
  await page.getByRole('link', { name: 'Resolver uma por vez' }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/resolver\\?assunto=${topicId}&anuladas=excluir&pos=1&desde=`))
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)

  await answerShown(page, keys, 'right')
  await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
  await page.getByRole('link', { name: 'Próxima' }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)

  const wrong = await answerShown(page, keys, 'wrong')
  await expect(page.getByTestId('resposta')).toContainText(`Você errou. Gabarito: ${keys.get(wrong.code)!.right}`)
  await expect(page.getByText('Sua resposta')).toBeVisible()
  await page.getByRole('link', { name: 'Anterior' }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  for (let pos = 2; pos <= total + 1; pos++) {
    await page.getByRole('link', { name: 'Próxima' }).click()
    if (pos <= total) await expect(page.getByTestId('progresso')).toHaveText(`Questão ${pos} de ${total}`)
  }

  await expect(page.getByRole('heading', { name: 'Fim das questões' })).toBeVisible()
  await expect(page.getByTestId('resumo')).toHaveText('Você acertou 1 e errou 1 das 2 questões que respondeu.')
  await expect(page.getByText('Acertos: 1')).toBeVisible()
  await expect(page.getByText('Erros: 1')).toBeVisible()
  await page.getByRole('link', { name: new RegExp(`Questão #${wrong.code}`) }).click()
  await expect(page).toHaveURL(/\/questoes\/\d+$/)
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

test('num celular de 390 px a questão e o resultado cabem sem rolagem lateral', async ({ page, request }) => {
  const { topicId, keys } = await smallTopic(request)
  await page.setViewportSize({ width: 390, height: 844 })
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&pos=1`)
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
  expect(await fits()).toBe(true)
  await answerShown(page, keys, 'wrong')
  await expect(page.getByTestId('resposta')).toContainText('Você errou.')
  expect(await fits()).toBe(true)
})

test('em "Não resolvidas" a questão respondida sai da busca e a próxima continua a contagem', async ({ page, request }) => {
  const { topicId, total, keys } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&situacao=nao-resolvidas&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  const first = await answerShown(page, keys, 'right')
  // The answered question stays on screen with its result, though the search no longer holds it.
  await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
  await expect(page.locator('article h2')).toHaveText(`#${first.code}`)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  await page.getByRole('link', { name: 'Próxima' }).click()
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)
  await expect(page.locator('article h2')).not.toHaveText(`#${first.code}`)
  // Every one answered, the search is empty: the run still ends on its summary.
  for (let pos = 2; pos <= total; pos++) {
    await expect(page.getByTestId('progresso')).toHaveText(`Questão ${pos} de ${total}`)
    await answerShown(page, keys, 'right')
    await expect(page.getByTestId('resposta')).toContainText('Você acertou!')
    await page.getByRole('link', { name: 'Próxima' }).click()
  }
  await expect(page.getByTestId('resumo')).toHaveText(`Você acertou ${total} e errou 0 das ${total} questões que respondeu.`)
})

test('J e K passam à próxima questão e voltam, mas não enquanto se digita', async ({ page, request }) => {
  test.skip(test.info().project.name === 'js-off', 'atalhos de teclado precisam de JavaScript')
  const { topicId, total } = await smallTopic(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes/resolver?assunto=${topicId}&pos=1`)
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  await page.locator('body').press('j')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 2 de ${total}`)
  await page.locator('body').press('k')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
  // A 'j' typed in a text field is typing, not a shortcut.
  await page.evaluate(() =>
    document.querySelector('main')!.prepend(Object.assign(document.createElement('input'), { type: 'text', id: 'campo' })),
  )
  await page.locator('#campo').press('j')
  await expect(page.locator('#campo')).toHaveValue('j')
  await expect(page.getByTestId('progresso')).toHaveText(`Questão 1 de ${total}`)
})

test('no plano Gratuito, passado o limite da semana, Responder diz o limite e o que resta', async ({ page, request }) => {
  const res = await request.get('/api/v1/questions/search?per_page=100')
  const live = ((await res.json()) as { data: ApiCard[] }).data.filter((q) => !q.is_annulled)
  const student = await registerViaApi(request)
  // The week's five questions spent through the API.
  for (const q of live.slice(0, 5)) {
    const spent = await request.post(`/api/v1/questions/${q.id}/reveal`, { headers: { Authorization: `Bearer ${student.token}` } })
    expect(spent.status()).toBe(200)
  }
  await loginViaPage(page, student)
  await page.goto(`/questoes/resolver?q=${live[5].short_id}&pos=1`)
  await expect(page.getByTestId('cota-semanal')).toContainText('Restam 0 de 5 questões nesta semana')
  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Responder' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Você atingiu o limite de 5 questões por semana' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos')
  await expect(page.getByTestId('resposta')).toHaveCount(0)
})
