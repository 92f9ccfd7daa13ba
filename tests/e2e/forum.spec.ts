import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, DEMO_ADMIN, premiumStudent, registerViaApi, signIn } from './utils'

// Discussões (issue 13), with JavaScript on (a dialog over the list) and off (a page section):
// a Premium student opens Discussões from the card and creates a topic, a second student
// replies and votes, the admin highlights it and it moves to the top; a hostile title renders
// as text; an error report handled in /admin/erros shows its status on the student's dashboard.
// Fresh users per test: both projects run against one server.

/** A question of the demo bank, picked at random so parallel runs rarely share one. */
async function someQuestion(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/questions/search?per_page=100&page=1', { headers: { Authorization: `Bearer ${token}` } })
  const data = (await res.json()).data as { id: number; short_id: string }[]
  expect(data.length).toBeGreaterThan(10)
  return data[Math.floor(Math.random() * data.length)]
}

async function switchUser(page: Page, credentials: { email: string; password: string }, redirectTo?: string) {
  await page.context().clearCookies()
  await signIn(page, credentials, redirectTo)
}

const topicArticle = (page: Page, title: string) =>
  page.locator('article.forum-topic').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('a Premium student opens Discussões and posts, another replies and votes, the admin highlights it to the top', async ({
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`)
  })
  const admin = await adminToken(request)
  const ana = await premiumStudent(request, { name: 'Ana Fórum' })
  const bruno = await premiumStudent(request, { name: 'Bruno Fórum' })
  const question = await someQuestion(request, ana.token)
  const title = `Dúvida ${Math.random().toString(36).slice(2, 8)}`

  // Ana finds the card and opens Discussões from its button.
  await signIn(page, ana, `/questoes?q=${question.short_id}`)
  const card = page.locator(`#questao-${question.id}`)
  await card.getByRole('link', { name: /Discussões \(\d+\)/ }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}/discussoes`))
  if (js) {
    const dialog = page.getByRole('dialog', { name: /Discussões — Questão \d+/ })
    await expect(dialog).toBeVisible()
  } else {
    await expect(page.getByRole('heading', { level: 1, name: /Discussões — Questão \d+/ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voltar às questões' })).toHaveAttribute('href', new RegExp(`#questao-${question.id}$`))
  }

  // 'Novo Tópico' toggles the form.
  await page.getByText('Novo Tópico', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Conteúdo', exact: true }).fill('Por que a alternativa C está errada?\nSegunda linha.')
  await page.getByRole('button', { name: 'Publicar tópico' }).click()
  const topic = topicArticle(page, title)
  await expect(topic).toBeVisible()
  await expect(topic.getByText('Ana Fórum (você)')).toBeVisible()
  await expect(topic.getByText('agora')).toBeVisible()
  await expect(topic.locator('p.forum-text').first()).toHaveText('Por que a alternativa C está errada?\nSegunda linha.')

  if (js) {
    // Escape closes the dialog and returns to the same list at the same card.
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${question.short_id}`))
    await expect(card.getByRole('link', { name: /Discussões \(\d+\)/ })).toBeFocused()
  }

  // Bruno replies and votes.
  const discussion = `/questoes/${question.id}/discussoes`
  await switchUser(page, bruno, discussion)
  const topicForBruno = topicArticle(page, title)
  await topicForBruno.getByLabel('Sua resposta').fill('A C contraria a súmula.')
  await topicForBruno.getByRole('button', { name: 'Responder' }).click()
  await expect(topicArticle(page, title).locator('.forum-reply p.forum-text')).toHaveText(['A C contraria a súmula.'])
  const upvote = topicArticle(page, title).locator('button[name="voto"][value="up"]').first()
  await upvote.click()
  await expect(upvote).toHaveAttribute('aria-pressed', 'true')
  await expect(upvote).toContainText('1')
  // Same vote again clears it; once more puts it back.
  await upvote.click()
  await expect(upvote).toHaveAttribute('aria-pressed', 'false')
  await expect(upvote).toContainText('0')
  await upvote.click()
  await expect(upvote).toHaveAttribute('aria-pressed', 'true')

  // The admin highlights it in /admin/forum; it moves to the top with the badge.
  await switchUser(page, DEMO_ADMIN, '/admin/forum')
  const item = page.getByRole('article', { name: `Tópico ${title}` })
  await item.getByRole('button', { name: 'Destacar' }).click()
  await expect(page.getByRole('article', { name: `Tópico ${title}` }).getByText('Destaque', { exact: true })).toBeVisible()
  await switchUser(page, bruno, discussion)
  const first = page.locator('article.forum-topic').first()
  await expect(first.getByRole('heading', { name: title, exact: true })).toBeVisible()
  await expect(first.getByText('Destaque', { exact: true })).toBeVisible()

  // Clean up so other runs on this question sort as they expect.
  await request.put(`/api/v1/admin/forum/topics/${await topicId(request, bruno.token, question.id, title)}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { highlighted: false },
  })
})

async function topicId(request: APIRequestContext, token: string, questionId: number, title: string) {
  const res = await request.get(`/api/v1/questions/${questionId}/forum/topics`, { headers: { Authorization: `Bearer ${token}` } })
  const topics = (await res.json()).topics as { id: number; title: string }[]
  return topics.find((t) => t.title === title)!.id
}

test('a hostile title and content render as text; Gratuito reads without posting', async ({ page, request }) => {
  let alerted = false
  page.on('dialog', async (dialog) => {
    alerted = true
    await dialog.dismiss()
  })
  const author = await premiumStudent(request, { name: 'Autor Hostil' })
  const question = await someQuestion(request, author.token)
  const hostile = `<img src=x onerror=alert(1)> ${Math.random().toString(36).slice(2, 6)}`
  const res = await request.post(`/api/v1/questions/${question.id}/forum/topics`, {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { title: hostile, content: '<script>alert(2)</script>\n<a href="javascript:alert(3)">clique</a> https://evil.example' },
  })
  expect(res.status()).toBe(201)

  const reader = await registerViaApi(request, { name: 'Leitora Gratuita' })
  await signIn(page, reader, `/questoes/${question.id}/discussoes`)
  const topic = topicArticle(page, hostile)
  await expect(topic).toBeVisible()
  await expect(topic.getByText('<script>alert(2)</script>', { exact: false })).toBeVisible()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  // The hostile text made no link (the post's own 'Denunciar' is one, outside the text).
  await expect(topic.locator('.forum-text a')).toHaveCount(0)
  await expect(topic.getByRole('link', { name: 'clique' })).toHaveCount(0)
  expect(alerted).toBe(false)
  // Read-only: the line names the plans and links to /trocar-plano; no form, no vote buttons.
  const readOnly = page.getByTestId('forum-somente-leitura')
  await expect(readOnly).toContainText('Participar das discussões é um recurso dos planos Premium e Pro.')
  await expect(readOnly.getByRole('link', { name: 'Trocar de plano' })).toHaveAttribute('href', '/trocar-plano')
  await expect(page.getByText('Novo Tópico', { exact: true })).toHaveCount(0)
  await expect(topic.locator('button[name="voto"]')).toHaveCount(0)
})

test('reporting and editing a post open their forms on demand, with and without JS', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const ana = await premiumStudent(request, { name: 'Ana Edita' })
  const bruno = await premiumStudent(request, { name: 'Bruno Denuncia' })
  const question = await someQuestion(request, ana.token)
  const title = `Tópico ${Math.random().toString(36).slice(2, 8)}`
  const created = await request.post(`/api/v1/questions/${question.id}/forum/topics`, {
    headers: { Authorization: `Bearer ${ana.token}` },
    data: { title, content: 'Conteúdo original.' },
  })
  expect(created.status()).toBe(201)
  const discussion = `/questoes/${question.id}/discussoes`

  // Bruno reports it: the form is not in the page until he asks for it.
  await signIn(page, bruno, discussion)
  const topic = topicArticle(page, title)
  await expect(topic.locator('input[name="motivo"]')).toHaveCount(0)
  await topic.getByRole('link', { name: 'Denunciar' }).click()
  const reason = topic.getByRole('textbox', { name: 'Motivo da denúncia' })
  await expect(reason).toBeFocused()
  // Without JS the URL is the state; with JS it opens in place.
  if (js) await expect(page).not.toHaveURL(/formulario=/)
  else await expect(page).toHaveURL(/formulario=denunciar-topico-\d+$/)
  await reason.fill('   ')
  await topic.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(topicArticle(page, title).getByText('Informe o motivo da denúncia.')).toBeVisible()
  await topicArticle(page, title).getByRole('textbox', { name: 'Motivo da denúncia' }).fill('Fora do assunto da questão.')
  await topicArticle(page, title).getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByText('Denúncia enviada').first()).toBeVisible()
  await expect(topicArticle(page, title).getByText('Denunciado por você')).toBeVisible()
  await expect(page).not.toHaveURL(/formulario=/)

  // Ana edits her topic; once saved the form is closed again.
  await page.context().clearCookies()
  await signIn(page, ana, discussion)
  const own = topicArticle(page, title)
  await expect(own.getByRole('link', { name: 'Denunciar' })).toHaveCount(0)
  await own.getByRole('link', { name: 'Editar' }).click()
  const titleField = own.getByRole('textbox', { name: 'Título', exact: true })
  await expect(titleField).toBeFocused()
  await titleField.fill(`${title} (revisto)`)
  await own.getByRole('button', { name: 'Salvar edição' }).click()
  await expect(page.getByText('Tópico atualizado').first()).toBeVisible()
  const edited = topicArticle(page, `${title} (revisto)`)
  await expect(edited.getByText('(editado)')).toBeVisible()
  await expect(edited.getByRole('button', { name: 'Salvar edição' })).toHaveCount(0)
  await expect(edited.getByRole('link', { name: 'Editar' })).toBeVisible()
})

test('the next page of topics stays reachable after a vote (the page links read their parameter in the browser too)', async ({
  page,
  request,
}) => {
  const carla = await premiumStudent(request, { name: 'Carla Páginas' })
  const davi = await premiumStudent(request, { name: 'Davi Páginas' })
  const question = await someQuestion(request, carla.token)
  // 21 topics: one more than a page (20 writes per author per 10 minutes).
  const created: { id: number; token: string }[] = []
  try {
    for (let i = 0; i < 21; i++) {
      const author = i % 2 ? davi : carla
      const res = await request.post(`/api/v1/questions/${question.id}/forum/topics`, {
        headers: { Authorization: `Bearer ${author.token}` },
        data: { title: `Página ${i}`, content: 'Tópico para paginar.' },
      })
      expect(res.status()).toBe(201)
      created.push({ id: (await res.json()).topic.id, token: author.token })
    }
    await signIn(page, carla, `/questoes/${question.id}/discussoes`)
    const upvote = page.locator('article.forum-topic button[name="voto"][value="up"]').first()
    await upvote.click()
    await expect(upvote).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('link', { name: 'Mais tópicos' }).click()
    await expect(page).toHaveURL(/[?&]dpagina=2(&|$)/)
    await expect(page.getByText(/^2 de \d+$/)).toBeVisible()
  } finally {
    // Other specs read this question's discussion too (and weigh its page): leave it as it was.
    for (const topic of created) {
      await request.delete(`/api/v1/forum/topics/${topic.id}`, { headers: { Authorization: `Bearer ${topic.token}` } })
    }
  }
})

test('an anonymous visitor gets the lock and the login round trip back to Discussões', async ({ page, request }) => {
  const admin = await adminToken(request)
  const question = await someQuestion(request, admin)
  await page.goto(`/questoes/${question.id}/discussoes`)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  const user = await registerViaApi(request)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}/discussoes`))
  await expect(page.getByText(/Discussões — Questão \d+/).first()).toBeVisible()
})

test('an error report handled in /admin/erros shows its status and answer to the student', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Carla Relatora' })
  const question = await someQuestion(request, student.token)
  const message = `A alternativa B está repetida (${Math.random().toString(36).slice(2, 8)}).`
  const sent = await request.post(`/api/v1/questions/${question.id}/error-reports`, {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { message },
  })
  expect(sent.status()).toBe(201)

  await signIn(page, DEMO_ADMIN, '/admin/erros')
  const report = page.getByRole('article').filter({ hasText: message })
  await expect(report).toContainText('Carla Relatora')
  await expect(report.getByTestId('situacao')).toHaveText('Novo')
  await report.getByLabel('Situação').selectOption('corrigido')
  await report.getByLabel('Resposta ao aluno (opcional)').fill('Obrigado! Corrigimos a alternativa B.')
  await report.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByRole('article').filter({ hasText: message }).getByTestId('situacao')).toHaveText('Corrigido')

  // The filter is a GET form.
  await page.getByLabel('Situação', { exact: true }).first().selectOption('corrigido')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/situacao=corrigido/)
  await expect(page.getByRole('article').filter({ hasText: message })).toBeVisible()

  await switchUser(page, student, '/dashboard?aba=forum')
  const mine = page.getByTestId('relato-erro').filter({ hasText: message })
  await expect(mine).toContainText('Corrigido')
  await expect(mine).toContainText('Obrigado! Corrigimos a alternativa B.')
})
