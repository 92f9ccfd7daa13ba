import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, loginAsNewStudent, uniqueEmail } from './utils'

// Issue 27, "what I already did": a student answers one question wrong and one right, then
// filters /questoes by 'Que errei', 'Que acertei' and 'Não resolvidas', and each card says their
// last result in words ('Você errou · 24/11'). Then 'Prova' with 'Excluir anuladas'; then
// 'Assuntos' on questions imported without any (issue 65): the topic the model gave them, offered
// with its count once their discipline is chosen. The form is a GET: the same with JS and without.

type ApiCard = {
  id: number
  short_id: string
  exam_id: number
  exam_name: string | null
  is_annulled: boolean
  alternatives: { letter: string }[]
}

async function bank(request: APIRequestContext) {
  const res = await request.get('/api/v1/questions/search?per_page=100')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: ApiCard[] }).data
}

async function answerKey(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/questions/${id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return (await res.json()).correct_answer as string
}

const card = (page: Page, id: number) => page.locator(`#questao-${id}`)

/** Answers one question through its card, found by its code. */
async function answer(page: Page, q: ApiCard, letter: string, feedback: string) {
  await page.goto(`/questoes?q=${q.short_id}`)
  await card(page, q.id)
    .getByRole('radio', { name: new RegExp(`^${letter}\\)`) })
    .check()
  await card(page, q.id).getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByText(feedback)).toBeVisible()
}

/** Today as dd/mm on the São Paulo calendar. */
function todayInSaoPaulo() {
  const [, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-')
  return `${day}/${month}`
}

async function filterBy(page: Page, situacao: string) {
  await page.goto('/questoes')
  await page.getByLabel('Situação').selectOption({ label: situacao })
  await page.getByRole('button', { name: 'Buscar Questões' }).click()
}

test.describe('/questoes: o que eu já fiz', () => {
  test('filtra as questões que errei, que acertei e as não resolvidas, e cada cartão diz meu último resultado', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request)
    const [wrongOne, rightOne] = (await bank(request)).filter((q) => !q.is_annulled && q.alternatives.length >= 2)
    const wrongKey = await answerKey(request, token, wrongOne.id)
    const wrongLetter = wrongOne.alternatives.map((a) => a.letter).find((l) => l !== wrongKey)!
    const rightKey = await answerKey(request, token, rightOne.id)

    await loginAsNewStudent(page, request)
    await answer(page, wrongOne, wrongLetter, 'Resposta incorreta')
    await answer(page, rightOne, rightKey, 'Resposta correta!')
    const today = todayInSaoPaulo()

    await filterBy(page, 'Que errei')
    await expect(page).toHaveURL(/situacao=errei/)
    await expect(page.getByRole('heading', { name: 'Encontrada 1 questão com os filtros selecionados' })).toBeVisible()
    await expect(page.getByTestId('filtros-ativos')).toHaveText('1')
    await expect(page.getByRole('list', { name: 'Filtros selecionados' })).toContainText('Que errei')
    await expect(card(page, wrongOne.id).getByTestId('ultima-tentativa')).toHaveText(`Você errou · ${today}`)
    await expect(card(page, rightOne.id)).toHaveCount(0)
    // The choice stays in the form after the search.
    await expect(page.getByLabel('Situação')).toHaveValue('errei')

    await filterBy(page, 'Que acertei')
    await expect(page).toHaveURL(/situacao=acertei/)
    await expect(page.getByRole('heading', { name: 'Encontrada 1 questão com os filtros selecionados' })).toBeVisible()
    await expect(card(page, rightOne.id).getByTestId('ultima-tentativa')).toHaveText(`Você acertou · ${today}`)
    await expect(card(page, wrongOne.id)).toHaveCount(0)

    await filterBy(page, 'Não resolvidas')
    await expect(page).toHaveURL(/situacao=nao-resolvidas/)
    await expect(page.getByRole('heading', { name: /^Encontradas .+ questões com os filtros selecionados$/ })).toBeVisible()
    await expect(page.locator('article[id^="questao-"]').first()).toBeVisible()
    await expect(card(page, wrongOne.id)).toHaveCount(0)
    await expect(card(page, rightOne.id)).toHaveCount(0)
    await expect(page.getByTestId('ultima-tentativa')).toHaveCount(0)

    // Answered right now: it leaves 'Que errei' (the last attempt counts).
    await answer(page, wrongOne, wrongKey, 'Resposta correta!')
    await filterBy(page, 'Que errei')
    await expect(page.getByText('Nenhuma questão encontrada com os filtros selecionados.')).toBeVisible()
  })

  test('filtra por prova sem as anuladas', async ({ page, request }) => {
    const questions = await bank(request)
    const annulled = questions.find((q) => q.is_annulled && q.exam_name)
    expect(annulled, 'demo content with an annulled question').toBeTruthy()
    const sameExam = questions.filter((q) => q.exam_id === annulled!.exam_id)
    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await page.locator('summary', { hasText: 'Prova' }).click()
    await page.getByRole('checkbox', { name: new RegExp(`^${annulled!.exam_name}`) }).check()
    await page.getByRole('checkbox', { name: 'Excluir anuladas' }).check()
    await page.getByRole('button', { name: 'Buscar Questões' }).click()

    await expect(page).toHaveURL(new RegExp(`prova=${annulled!.exam_id}`))
    await expect(page).toHaveURL(/anuladas=excluir/)
    await expect(page.getByTestId('filtros-ativos')).toHaveText('2')
    await expect(page.getByRole('list', { name: 'Filtros selecionados' })).toContainText('Sem anuladas')
    await expect(page.locator('article[id^="questao-"]').first()).toBeVisible()
    await expect(card(page, annulled!.id)).toHaveCount(0)
    await expect(page.locator('article[id^="questao-"]').filter({ hasText: 'Anulada' })).toHaveCount(0)
    // Every card is of that exam (named in the card's line of details).
    const cards = page.locator('article[id^="questao-"]')
    for (let i = 0; i < (await cards.count()); i++) await expect(cards.nth(i).locator('.qm')).toContainText(` · ${annulled!.exam_name!} · `)
    expect(sameExam.length).toBeGreaterThan(1)
    await expect(page.getByRole('checkbox', { name: 'Excluir anuladas' })).toBeChecked()
  })

  test('filtra por assunto questões importadas sem assunto, que a classificação automática classificou', async ({ page, request }) => {
    const tag = `assunto${uniqueEmail('').replace(/\W/g, '')}`
    const question = (n: number, statement: string) =>
      [
        `QUESTAO: ${n}`,
        'DISCIPLINA: Direito Civil',
        'ENUNCIADO:',
        `${statement} (${tag})`,
        'A) Primeira',
        'B) Segunda',
        'C) Terceira',
        'D) Quarta',
        'GABARITO: A',
        '',
      ].join('\n')
    const exam = [
      `PROVA: Prova de assuntos ${tag}`,
      'ANO: 2024',
      'BANCA: Gabarita',
      '',
      question(
        1,
        'João faleceu sem testamento, deixando herança a ser partilhada entre seus herdeiros necessários; no inventário, o cônjuge sobrevivente pede sua meação.',
      ),
      question(
        2,
        'Nos termos do art. 1.829 do Código Civil, a sucessão legítima defere-se aos descendentes, em concorrência com o cônjuge sobrevivente.',
      ),
      question(
        3,
        'O possuidor de boa-fé de um imóvel, esbulhado, propõe ação de reintegração de posse; o réu alega usucapião extraordinária.',
      ),
    ].join('\n')
    const upload = await request.post('/api/v1/admin/questions/upload-exam-txt', {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      multipart: { file: { name: `${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(exam) } },
    })
    expect(upload.status(), await upload.text()).toBe(200)
    const found = (
      (await (await request.get(`/api/v1/questions/search?search_term=${tag}`)).json()) as {
        data: (ApiCard & { number: number; question_number: number })[]
      }
    ).data
    const byNumber = new Map(found.map((q) => [q.question_number, q]))
    expect(byNumber.size).toBe(3)

    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await page.getByLabel('Buscar no enunciado').fill(tag)
    await page.locator('summary', { hasText: 'Disciplinas' }).click()
    await page.getByRole('checkbox', { name: 'Direito Civil', exact: true }).check()
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    await expect(page).toHaveURL(/disciplina=/)
    await expect(page.getByRole('heading', { name: 'Encontradas 3 questões com os filtros selecionados' })).toBeVisible()

    // The chosen discipline's topics, each with its questions; the predicted ones are among them.
    await page.locator('summary', { hasText: 'Assuntos' }).click()
    await page.getByRole('checkbox', { name: /^Sucessões \(\d+\)$/ }).check()
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    await expect(page).toHaveURL(/assunto=/)
    await expect(page.getByRole('heading', { name: 'Encontradas 2 questões com os filtros selecionados' })).toBeVisible()
    await expect(card(page, byNumber.get(1)!.id)).toBeVisible()
    await expect(card(page, byNumber.get(2)!.id)).toBeVisible()
    await expect(card(page, byNumber.get(3)!.id)).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Filtros selecionados' })).toContainText('Sucessões')

    await page.goto(`/questoes/${byNumber.get(2)!.id}/detalhes`)
    await expect(page.getByTestId('detalhe-assuntos')).toHaveText('Sucessões (classificação automática)')
  })
})
