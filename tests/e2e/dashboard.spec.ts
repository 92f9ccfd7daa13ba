import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, premiumStudent, registerViaApi, signIn, wayOn } from './utils'

// Issue 14: /dashboard shows the student's own figures and lists from the API — the four stat
// cards and six tabs as URLs (a tab list with JS, plain links without). The data export and
// account deletion are in account.spec.ts.

/** A tab of the dashboard: an ARIA tab with JS, a plain link in a nav without. */
async function openTab(page: Page, testInfo: TestInfo, name: string, aba: string | null) {
  const js = testInfo.project.name === 'js-on'
  await page.getByRole(js ? 'tab' : 'link', { name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(aba ? `/dashboard\\?aba=${aba}$` : '/dashboard$'))
  if (js) await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
  else await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
}

type ApiCard = { id: number; is_annulled: boolean; discipline_name: string; alternatives: { letter: string }[] }

test('a student answers two known questions and the cards, the activity and Desempenho show exactly that', async ({
  page,
  request,
}, testInfo) => {
  const student = await registerViaApi(request, { name: 'Dora Desempenho' })
  const auth = { Authorization: `Bearer ${student.token}` }
  const adminLogin = await request.post('/api/v1/auth/login', { data: DEMO_ADMIN })
  const admin = { Authorization: `Bearer ${(await adminLogin.json()).token}` }
  const list = ((await (await request.get('/api/v1/questions/search?per_page=100')).json()).data as ApiCard[]).filter(
    (q) => !q.is_annulled && q.alternatives.length >= 2,
  )
  const [right, wrong] = [list[0], list.find((q) => q.discipline_name === list[0].discipline_name && q.id !== list[0].id) ?? list[1]]
  const key = async (id: number) =>
    (await (await request.post(`/api/v1/questions/${id}/reveal`, { headers: admin })).json()).correct_answer as string
  const rightKey = await key(right.id)
  const wrongKey = await key(wrong.id)
  const wrongLetter = wrong.alternatives.map((a) => a.letter).find((l) => l !== wrongKey)!
  expect((await request.post(`/api/v1/questions/${right.id}/attempts`, { headers: auth, data: { answer: rightKey } })).status()).toBe(201)
  expect((await request.post(`/api/v1/questions/${wrong.id}/attempts`, { headers: auth, data: { answer: wrongLetter } })).status()).toBe(
    201,
  )

  await signIn(page, student, '/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Dora Desempenho!' })).toBeVisible()
  await expect(page.getByTestId('estatistica-Questões respondidas')).toHaveText('2')
  await expect(page.getByTestId('estatistica-Taxa de acerto')).toHaveText('50%')
  await expect(page.getByTestId('estatistica-Sequência de estudos')).toHaveText('1 dia')
  // Answers through the API without the card's shown-at token have no known time.
  await expect(page.getByTestId('estatistica-Tempo de estudo')).toHaveText('0min')
  await expect(page.getByTestId('plano-uso')).toHaveText('Plano Gratuito · 2 de 5 questões nesta semana')

  // Visão geral: the two answers, newest first, right and wrong.
  const activity = page.getByTestId('atividade')
  await expect(activity).toHaveCount(2)
  // Each row names the question by its discipline and first words, not a code (issue 27).
  await expect(activity.nth(0)).toContainText(`Respondeu ${wrong.discipline_name}: “`)
  await expect(activity.nth(0)).not.toContainText('#')
  await expect(activity.nth(0)).toContainText('— errou')
  await expect(activity.nth(1)).toContainText('— acertou')
  await expect(page.getByRole('link', { name: 'Ver ranking' })).toHaveAttribute('href', '/ranking')

  await openTab(page, testInfo, 'Desempenho', 'desempenho')
  await expect(page.getByTestId('acerto-30-dias')).toHaveText('50% de acerto em 2 respostas, em 1 dia de estudo.')
  const table = page.getByRole('region', { name: 'Desempenho por disciplina' })
  const rows = table.getByRole('row')
  if (right.discipline_name === wrong.discipline_name) {
    await expect(rows.filter({ hasText: right.discipline_name })).toContainText(['1', '2', '50%'].join(''))
  } else {
    await expect(rows.filter({ hasText: right.discipline_name })).toContainText('100%')
    await expect(rows.filter({ hasText: wrong.discipline_name })).toContainText('0%')
  }
})

test('Cadernos: the create card makes a notebook; Estudar and Editar open it', async ({ page, request }, testInfo) => {
  const student = await registerViaApi(request, { name: 'Caio Cadernos' })
  await signIn(page, student, '/dashboard?aba=cadernos')
  const name = `Véspera ${Math.random().toString(36).slice(2, 7)}`
  await page.getByLabel('Nome do caderno').fill(name)
  await page.getByLabel('Descrição (opcional)').fill('Para revisar no fim de semana.')
  await page.getByRole('button', { name: 'Criar caderno' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByText('Caderno criado com sucesso!')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\?aba=cadernos#caderno-\d+$/)
  const card = page.getByTestId('cartao-caderno').filter({ hasText: name })
  await expect(card).toContainText('Para revisar no fim de semana.')
  await expect(card).toContainText('0 questões')
  await expect(page.getByRole('heading', { name: /Seus cadernos/ })).toContainText('(1 de 2)')

  // An empty name is refused with the field's message, nothing created.
  await page.getByRole('button', { name: 'Criar caderno' }).click()
  if (testInfo.project.name === 'js-off') {
    // The browser's own check (required) stops a plain form: the field is invalid.
    expect(await page.getByLabel('Nome do caderno').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
  } else {
    await expect(page.getByText('Informe o nome do caderno.')).toBeVisible()
  }
  await expect(page.getByTestId('cartao-caderno')).toHaveCount(1)

  await card.getByRole('link', { name: `Editar o caderno ${name}` }).click()
  await expect(page).toHaveURL(/\/notebook\/\d+\/questions\?editar=1#editar-caderno$/)
  await expect(page.getByLabel('Nome do caderno')).toHaveValue(name)
  await page.goto('/dashboard?aba=cadernos')
  await page
    .getByTestId('cartao-caderno')
    .filter({ hasText: name })
    .getByRole('link', { name: `Estudar o caderno ${name}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Nenhuma questão encontrada')).toBeVisible()
})

test('Comentários and Fórum list what the student wrote, with links to the question', async ({ page, request }, testInfo) => {
  // Writing in the forum is Premium's.
  const student = await premiumStudent(request, { name: 'Nina Notas' })
  const auth = { Authorization: `Bearer ${student.token}` }
  const [question] = ((await (await request.get('/api/v1/questions/search?per_page=20')).json()).data as ApiCard[]).filter(
    (q) => !q.is_annulled,
  )
  const note = `Lembrar: prazo em dobro ${Math.random().toString(36).slice(2, 7)}`
  expect((await request.post(`/api/v1/questions/${question.id}/notes`, { headers: auth, data: { content: note } })).status()).toBe(201)
  const title = `Dúvida da Nina ${Math.random().toString(36).slice(2, 7)}`
  const topic = await request.post(`/api/v1/questions/${question.id}/forum/topics`, {
    headers: auth,
    data: { title, content: 'Por que a alternativa B está errada?' },
  })
  expect(topic.status()).toBe(201)

  await signIn(page, student, '/dashboard')
  await expect(page.getByTestId('atividade').first()).toContainText(`Abriu a discussão “${title}”`)
  await openTab(page, testInfo, 'Anotações', 'comentarios')
  const item = page.getByTestId('comentario-privado')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(note)
  await expect(item).toContainText(question.discipline_name)
  await expect(item.getByRole('link', { name: /Ver Questão/ })).toHaveAttribute('href', `/questoes/${question.id}`)

  await openTab(page, testInfo, 'Fórum', 'forum')
  await expect(page.getByTestId('forum-Tópicos criados')).toHaveText('1')
  await expect(page.getByTestId('forum-Respostas')).toHaveText('0')
  const participation = page.getByTestId('participacao')
  await expect(participation).toContainText('Criou')
  await expect(participation.getByRole('link', { name: title })).toHaveAttribute('href', `/questoes/${question.id}/discussoes`)
  await expect(page.getByRole('heading', { name: 'Erros que você reportou' })).toBeVisible()
})

test('Continuar estudando reopens the last modo resolução list at the last position, on another device too', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const student = await registerViaApi(request, { name: 'Rita Retoma' })
  await signIn(page, student, '/dashboard')
  // Never opened: the button starts a run.
  await expect(page.getByTestId('continuar-estudando')).toHaveText('Resolver questões')

  // A filtered run (issue 39: it resumed without its filter): two questions answered, the
  // second left on its result.
  await page.goto('/questoes/resolver?banca=Gabarita&anuladas=excluir&pos=1')
  await expect(page.getByTestId('progresso')).toContainText('Questão 1 de')
  const start = new URL(page.url()).searchParams.get('desde')
  for (const n of [1, 2]) {
    await expect(page.getByTestId('progresso')).toContainText(`Questão ${n} de`)
    await page.locator('.qa > label').first().click()
    await page.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByTestId('resposta')).toBeVisible()
    if (n === 1) {
      await (await wayOn(page)).click()
    }
  }

  await page.goto('/dashboard')
  const resume = page.getByTestId('continuar-estudando')
  await expect(resume).toHaveText('Continuar estudando')
  await resume.click()
  // The same run: its filters, its start, the questions it answered, at the third question.
  await expect(page.getByTestId('progresso')).toContainText('Questão 3 de')
  const where = new URL(page.url())
  expect(where.searchParams.get('banca')).toBe('Gabarita')
  expect(where.searchParams.get('anuladas')).toBe('excluir')
  expect(where.searchParams.get('desde')).toBe(start)
  expect(where.searchParams.get('feitas')?.split('.')).toHaveLength(2)

  // Another device: a new session finds the same place.
  const other = await browser.newContext({ baseURL })
  const phone = await other.newPage()
  await signIn(phone, student, '/dashboard')
  await expect(phone.getByTestId('continuar-estudando')).toHaveAttribute('href', `${where.pathname}${where.search}`)
  await other.close()
})

/** At 390 px the tab's panel and its first line start on the first screen (issue 27: the greeting and figures fold). */
async function startsOnFirstScreen(page: Page, name: string) {
  await expect(page.locator('#painel-aba')).toBeVisible()
  const top = await page.locator('#painel-aba').evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
  expect(top, `${name}: the tab's content starts at ${top} px`).toBeLessThan(844)
  // Its first line too, not only the panel's edge.
  const first = await page
    .locator('#painel-aba :is(h2, h3, p, li, form)')
    .first()
    .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY)
  expect(first, name).toBeLessThan(844)
}

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a new student sees zeros and every tab’s empty state; the greeting and figures fold so every tab starts on the first screen', async ({
    page,
    request,
  }, testInfo) => {
    // A Gratuito student: the plan line and the house ad are there too.
    const student = await registerViaApi(request, { name: 'Fernanda Celular de Albuquerque' })
    await signIn(page, student, '/dashboard')
    await expect(page.getByTestId('estatistica-Questões respondidas')).toHaveText('0')
    await expect(page.getByTestId('estatistica-Sequência de estudos')).toHaveText('0 dias')
    await expect(page.getByText('Nenhuma atividade ainda.')).toBeVisible()
    await startsOnFirstScreen(page, 'Visão geral')
    await openTab(page, testInfo, 'Cadernos', 'cadernos')
    await expect(page.getByText('Você ainda não tem cadernos.')).toBeVisible()
    await startsOnFirstScreen(page, 'Cadernos')
    await openTab(page, testInfo, 'Desempenho', 'desempenho')
    await expect(page.getByText('Nenhuma estatística disponível.')).toBeVisible()
    await expect(page.getByText('Nenhum assunto com erros até agora.')).toBeVisible()
    await startsOnFirstScreen(page, 'Desempenho')
    await openTab(page, testInfo, 'Anotações', 'comentarios')
    await expect(page.getByText('Nenhuma anotação ainda')).toBeVisible()
    await startsOnFirstScreen(page, 'Anotações')
    await openTab(page, testInfo, 'Fórum', 'forum')
    await expect(page.getByText('Nenhuma participação no fórum ainda')).toBeVisible()
    await startsOnFirstScreen(page, 'Fórum')
    await openTab(page, testInfo, 'Configurações', 'configuracoes')
    await expect(page.getByRole('heading', { name: 'Preferências' })).toBeVisible()
    await startsOnFirstScreen(page, 'Configurações')
    await openTab(page, testInfo, 'Visão geral', null)
    await expect(page.getByText('Nenhuma atividade ainda.')).toBeVisible()
  })
})
