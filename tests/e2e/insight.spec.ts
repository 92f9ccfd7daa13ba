import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, openMore, registerViaApi, signIn } from './utils'

// Question insight (issue 12), with JavaScript on (dialogs over the list) and off (page
// sections): answer, then Desempenho counts the attempt (with its time) and Análise shows the
// key; the video loads nothing from the video site until asked, then is marked watched;
// details and the permanent page. Fresh users per test: both projects run against one server.

type Card = { id: number; short_id: string; question_number: number; is_annulled: boolean; alternatives: { letter: string }[] }

async function bank(request: APIRequestContext, token: string, page = 1) {
  const res = await request.get(`/api/v1/questions/search?per_page=100&page=${page}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return (await res.json()).data as Card[]
}

/** A live, not annulled question of the demo bank, picked at random so parallel runs rarely share one. */
async function someQuestion(request: APIRequestContext, token: string) {
  const cards = (await bank(request, token)).filter((c) => !c.is_annulled && c.alternatives.length >= 2)
  expect(cards.length).toBeGreaterThan(5)
  return cards[Math.floor(Math.random() * cards.length)]
}

/**
 * A question with a video, imported for this test: the demo bank has none (issue 28). The video
 * id is a test-only placeholder; the player is answered locally (page.route below).
 */
async function questionWithVideo(request: APIRequestContext) {
  const tag = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  const exam = [
    `PROVA: Simulado do vídeo ${tag}`,
    'ANO: 2024',
    'BANCA: Gabarita',
    '',
    'QUESTAO: 1',
    'DISCIPLINA: Direito Penal',
    'ENUNCIADO:',
    `Questão de teste com vídeo ${tag}.`,
    'A) Primeira',
    'B) Segunda',
    'GABARITO: A',
    'VIDEO: https://youtu.be/gabaritaE2E',
    '',
  ].join('\n')
  const upload = await request.post('/api/v1/admin/questions/upload-exam-txt', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    multipart: { file: { name: `video-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(exam) } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const found = await request.get(`/api/v1/questions/search?search_term=${tag}`)
  const cards = (await found.json()).data as Card[]
  expect(cards).toHaveLength(1)
  return cards[0]
}

const dialogOrPage = (page: Page, js: boolean, title: RegExp) =>
  js ? page.getByRole('dialog', { name: title }) : page.locator('#ferramenta')

async function expectTool(page: Page, js: boolean, title: RegExp, questionId: number) {
  if (js) await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  else {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voltar às questões' })).toHaveAttribute('href', new RegExp(`#questao-${questionId}$`))
  }
}

test('answer, then Desempenho counts the attempt with its time and Análise shows the key', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const user = await registerViaApi(request)
  const question = await someQuestion(request, user.token)
  const list = `/questoes?q=${question.short_id}`

  // Anonymous: the tool is behind the lock and the login comes back to it.
  await page.goto(`/questoes/${question.id}/desempenho`)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)

  await signIn(page, user, list)
  const card = page.locator(`#questao-${question.id}`)
  const letter = question.alternatives[1].letter
  await card.locator(`input[name="resposta"][value="${letter}"]`).check()
  await card.getByRole('button', { name: 'Responder' }).click()
  await expect(card.getByTestId('gabarito')).toBeVisible()

  await card.getByRole('link', { name: 'Desempenho' }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}/desempenho\\?q=${question.short_id}`))
  await expectTool(page, js, /Desempenho — Questão \d+ · /, question.id)
  const tool = dialogOrPage(page, js, /Desempenho — Questão \d+ · /)
  await expect(tool.getByTestId('suas-tentativas')).toHaveText('1')
  expect(Number(await tool.getByTestId('total-tentativas').textContent())).toBeGreaterThanOrEqual(1)
  const mine = tool.getByTestId('seu-historico').locator('tbody tr')
  await expect(mine).toHaveCount(1)
  await expect(mine.locator('td').nth(1)).toHaveText(letter)
  // The signed shown-at time made it through the form: minutes:seconds, not '—'.
  await expect(mine.locator('td').nth(3)).toHaveText(/^\d+:\d\d$/)
  // The per-alternative figures are in the HTML as a table (and drawn as bars with JS).
  await expect(tool.getByTestId('tabela-alternativas').locator('tbody tr')).toHaveCount(question.alternatives.length)
  if (js) await expect(tool.getByTestId('grafico-alternativas')).toBeVisible()
  else await expect(page.getByTestId('grafico-alternativas')).toHaveCount(0)

  if (js) {
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${question.short_id}`))
    await expect(card.getByRole('link', { name: 'Desempenho' })).toBeFocused()
  } else {
    await page.getByRole('link', { name: 'Voltar às questões' }).click()
  }

  await card.getByRole('link', { name: 'Análise' }).click()
  await expectTool(page, js, /Análise — Questão \d+ · /, question.id)
  await expect(dialogOrPage(page, js, /Análise — Questão \d+ · /).getByText(/^Gabarito: [A-E]$/)).toBeVisible()
})

test('the video loads nothing from the video site until asked, then is marked watched', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const user = await registerViaApi(request)
  const question = await questionWithVideo(request)
  const thirdParty: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(testInfo.project.use.baseURL ?? 'http://127.0.0.1')) thirdParty.push(r.url())
  })
  // The sandbox has no network: the privacy-enhanced player answers from here.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
  )

  await signIn(page, user, `/questoes?q=${question.short_id}`)
  await openMore(page, question.id)
  await page.locator(`#questao-${question.id}`).getByRole('link', { name: 'Vídeo' }).click()
  await expectTool(page, js, /Vídeo — Questão \d+ · /, question.id)
  const tool = dialogOrPage(page, js, /Vídeo — Questão \d+ · /)
  await expect(tool.getByTestId('video-facade')).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(thirdParty).toEqual([])
  await expect(tool.getByRole('button', { name: 'Marcar como assistido' })).toBeVisible()
  if (js) await expect(tool.getByRole('button', { name: 'Copiar link' })).toBeVisible()
  else await expect(tool.getByRole('link', { name: /^Link do vídeo: https:\/\/youtu\.be\// })).toBeVisible()

  // Only the privacy-enhanced host may be framed.
  const response = await request.get(`/questoes/${question.id}/video`)
  expect(response.headers()['content-security-policy']).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/)

  await tool.getByTestId('video-facade').click()
  const player = page.locator('iframe[data-testid="video-player"]')
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?/)
  if (js) {
    // With JS the loaded player marks it watched by itself.
    await expect(tool.getByTestId('video-assistido')).toBeVisible()
  } else {
    await expect(page).toHaveURL(/assistir=1/)
    await tool.getByRole('button', { name: 'Marcar como assistido' }).click()
    await expect(page.getByText('Vídeo marcado como assistido.')).toBeVisible()
    await expect(page.locator('#ferramenta').getByTestId('video-assistido')).toBeVisible()
  }
  await expect(dialogOrPage(page, js, /Vídeo — Questão \d+ · /).getByTestId('video-assistido')).toHaveText(
    /Assistido em \d\d\/\d\d\/\d{4} \d\d:\d\d/,
  )
  const watched = await request.get(`/api/v1/questions/${question.id}/video`, { headers: { Authorization: `Bearer ${user.token}` } })
  expect((await watched.json()).data.watchedAt).toBeTruthy()
})

test('a demo question has no video: the Vídeo tool says so and frames nothing', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const user = await registerViaApi(request)
  // Not one the video test imports while this runs.
  let question = await someQuestion(request, user.token)
  while ((await (await request.get(`/api/v1/questions/${question.id}/details`)).json()).data.has_video) {
    question = await someQuestion(request, user.token)
  }
  await signIn(page, user, `/questoes?q=${question.short_id}`)
  await openMore(page, question.id)
  await page.locator(`#questao-${question.id}`).getByRole('link', { name: 'Vídeo' }).click()
  await expectTool(page, js, /Vídeo — Questão \d+ · /, question.id)
  const tool = dialogOrPage(page, js, /Vídeo — Questão \d+ · /)
  await expect(tool).toContainText('Nenhum vídeo disponível.')
  await expect(tool.getByTestId('video-facade')).toHaveCount(0)
  await expect(page.locator('iframe')).toHaveCount(0)
})

test('Detalhes lists every field and its permanent link opens the question on its own page', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const user = await registerViaApi(request)
  const question = await someQuestion(request, user.token)

  await signIn(page, user, `/questoes?q=${question.short_id}`)
  await openMore(page, question.id)
  await page.locator(`#questao-${question.id}`).getByRole('link', { name: 'Detalhes' }).click()
  await expectTool(page, js, new RegExp(`Detalhes — Questão ${question.question_number} · `), question.id)
  const tool = dialogOrPage(page, js, /Detalhes — Questão \d+ · /)
  await expect(tool.getByText(`#${question.short_id}`, { exact: true })).toBeVisible()
  await expect(tool.getByTestId('detalhe-anulada')).toHaveText('Não')
  await expect(tool.getByTestId('detalhe-importada')).toHaveText(/^\d\d\/\d\d\/\d{4}$/)
  await tool.getByTestId('link-permanente').click()

  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}$`))
  await expect(page).toHaveTitle(new RegExp(`Questão ${question.question_number} \\(#${question.short_id}\\)`))
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\(.+, \d{4}\): .{20,}/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${question.short_id}`)
  const card = page.locator(`#questao-${question.id}`)
  await expect(card).toBeVisible()
  // Answerable here too, and the answer stays on this page.
  const letter = question.alternatives[0].letter
  await card.locator(`input[name="resposta"][value="${letter}"]`).check()
  await card.getByRole('button', { name: 'Responder' }).click()
  await expect(card.getByTestId('gabarito')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}(\\?|#|$)`))
  // 'Ocultar Resposta' hides it again, with JS and without (then the URL no longer names it).
  await card.getByRole('link', { name: 'Ocultar Resposta' }).click()
  await expect(card.getByTestId('gabarito')).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Ver Resposta' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}(#questao-${question.id})?$`))

  // Public and shareable: a visitor gets the page with its own title, and the lock to answer.
  await page.context().clearCookies()
  const visitor = await page.goto(`/questoes/${question.id}`)
  expect(visitor?.status()).toBe(200)
  await expect(page).toHaveTitle(new RegExp(`#${question.short_id}`))
  await expect(page.locator(`#questao-${question.id}`).getByText('Login necessário')).toBeVisible()
  expect((await page.goto('/questoes/999999999'))?.status()).toBe(404)
})
