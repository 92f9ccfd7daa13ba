import fs from 'node:fs'
import path from 'node:path'

import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, loginAsNewStudent, loginDialogReady, registerViaApi } from './utils'

// Runs against the demo content the e2e server seeds from fixtures/ (at least 60
// questions, several disciplines/years/boards, an annulled one, explanations).
// Answer keys are looked up through the API as the demo admin (unlimited plan).

type ApiCard = { id: number; short_id: string; is_annulled: boolean; alternatives: { letter: string }[] }

async function searchApi(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/v1/questions/search?${query}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as { data: ApiCard[]; total: number }
}

async function answerKey(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/questions/${id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return (await res.json()).correct_answer as string
}

/** Live, not annulled questions with at least two alternatives. */
async function answerable(request: APIRequestContext, count: number) {
  const { data } = await searchApi(request, 'per_page=100')
  const list = data.filter((q) => !q.is_annulled && q.alternatives.length >= 2)
  expect(list.length).toBeGreaterThanOrEqual(count)
  return list.slice(0, count)
}

function card(page: Page, id: number) {
  return page.locator(`#questao-${id}`)
}

/** The alternative row of a letter ("B) ..."): a student's label, a visitor's list item. */
function alternative(page: Page, id: number, letter: string) {
  return card(page, id)
    .locator('.qa > label, .qa > li')
    .filter({ hasText: new RegExp(`^${letter}\\)`) })
}

/** dd/mm of the next Monday on the São Paulo calendar ('1º' for a month's first day). */
function nextMondayInSaoPaulo() {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-').map(Number)
  const today = new Date(Date.UTC(year, month - 1, day))
  const monday = new Date(Date.UTC(year, month - 1, day + ((8 - today.getUTCDay()) % 7 || 7)))
  const d = monday.getUTCDate()
  return `${d === 1 ? '1º' : String(d).padStart(2, '0')}/${String(monday.getUTCMonth() + 1).padStart(2, '0')}`
}

test.describe('banco de questões /questoes', () => {
  test('filtra, pagina e mantém os filtros', async ({ page, request }) => {
    // A filter with more than one page of results in the demo content.
    const candidates = ['difficulty=facil&difficulty=medio', 'difficulty=medio', 'difficulty=medio&difficulty=dificil']
    let chosen: { query: string; total: number } | undefined
    for (const query of candidates) {
      const { total } = await searchApi(request, query)
      if (total > 20) {
        chosen = { query, total }
        break
      }
    }
    expect(chosen, 'demo content with more than 20 questions for a difficulty filter').toBeTruthy()
    const levels = [...chosen!.query.matchAll(/difficulty=(\w+)/g)].map((m) => m[1])
    const labels: Record<string, string> = { facil: 'Fácil', medio: 'Médio', dificil: 'Difícil' }

    await loginAsNewStudent(page, request)
    await page.goto('/questoes')
    await expect(page.getByRole('heading', { name: 'Questões OAB', level: 1 })).toBeVisible()
    await page.locator('summary', { hasText: 'Dificuldade' }).click()
    for (const level of levels) await page.getByRole('checkbox', { name: labels[level], exact: true }).check()
    await page.getByRole('button', { name: 'Buscar Questões' }).click()

    await expect(page).toHaveURL(new RegExp(`dificuldade=${levels[0]}`))
    // The other project's hostile-markup test may add a question meanwhile: at least the
    // API's total, on both pages.
    const headerRe = /^Encontradas (\d+) questões com os filtros selecionados$/
    const resultHeading = page.getByRole('heading', { name: headerRe })
    await expect(resultHeading).toBeVisible()
    const header = (await resultHeading.textContent())!
    expect(Number(headerRe.exec(header)![1])).toBeGreaterThanOrEqual(chosen!.total)
    await expect(page.getByTestId('filtros-ativos')).toHaveText(String(levels.length))
    await expect(page.getByRole('list', { name: 'Filtros selecionados' })).toContainText(labels[levels[0]])
    const firstPageIds = await page.locator('article[id^="questao-"]').evaluateAll((els) => els.map((e) => e.id))
    expect(firstPageIds).toHaveLength(20)

    await page
      .getByRole('navigation', { name: 'Paginação' })
      .getByRole('link', { name: /Próxima/ })
      .click()
    await expect(page).toHaveURL(/pagina=2/)
    await expect(page).toHaveURL(new RegExp(`dificuldade=${levels[0]}`))
    const secondHeader = (await page.getByRole('heading', { name: headerRe }).textContent())!
    expect(Number(headerRe.exec(secondHeader)![1])).toBeGreaterThanOrEqual(Number(headerRe.exec(header)![1]))
    await expect(page.getByRole('heading', { name: 'Questão 21', exact: true })).toBeVisible()
    const secondPageIds = await page.locator('article[id^="questao-"]').evaluateAll((els) => els.map((e) => e.id))
    expect(secondPageIds.some((id) => firstPageIds.includes(id))).toBe(false)
    // The panel is folded after a search (issue 15), its tick kept and counted on the summary.
    await expect(page.locator('summary', { hasText: 'Dificuldade' })).toContainText(`(${levels.length})`)
    await expect(page.getByRole('checkbox', { name: labels[levels[0]], exact: true, includeHidden: true })).toBeChecked()

    await page.getByRole('link', { name: 'Limpar Filtros' }).click()
    await expect(page).toHaveURL(/\/questoes$/)
    await expect(page.getByTestId('filtros-ativos')).toHaveCount(0)
  })

  test('responde errado e certo, os textos vêm uma vez; nada da resposta antes de pedir, revela e oculta, reporta erro', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const token = await adminToken(request)
    type Full = ApiCard & { question_text: string; has_explanation?: boolean; alternatives: { letter: string; text_content: string }[] }
    const data = (await searchApi(request, 'per_page=100')).data as unknown as Full[]
    const live = data.filter((q) => !q.is_annulled && q.alternatives.length >= 2)
    // The right answer's question: opening words in plain text (no markup, nothing the HTML escapes).
    const plain = (text: string) => !/[<>&"']/.test(text)
    const second = live.find((q) => plain(q.question_text.slice(0, 40)) && plain(q.alternatives[0].text_content.slice(0, 30)))!
    // The revealed one: a question with a teacher's explanation.
    const third = live.find((q) => q.has_explanation && q.id !== second.id)
    expect(third, 'demo content has a question with a teacher explanation').toBeTruthy()
    const first = live.find((q) => q.id !== second.id && q.id !== third!.id)!
    await loginAsNewStudent(page, request)

    // Wrong answer.
    const key1 = await answerKey(request, token, first.id)
    const wrong = first.alternatives.map((a) => a.letter).find((l) => l !== key1)!
    await page.goto(`/questoes?q=${first.short_id}`)
    const c1 = card(page, first.id)
    await c1.getByRole('radio', { name: new RegExp(`^${wrong}\\)`) }).check()
    await c1.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByText('Resposta incorreta')).toBeVisible()
    await expect(page.getByText('Continue tentando! Tentativa registrada.')).toBeVisible()
    await expect(card(page, first.id).getByTestId('gabarito')).toHaveText(key1)
    // The same words with and without JS (the no-JS redirect carries only the letter picked).
    await expect(card(page, first.id).getByTestId('resposta')).toContainText(`Você errou. Gabarito: ${key1}`)
    await expect(alternative(page, first.id, key1)).toContainText('Correta')
    await expect(alternative(page, first.id, wrong)).toContainText('Sua resposta')

    // Right answer; the statement and the alternatives come once in the page, and stay whole.
    const probe = second.question_text.split('\n')[0].slice(0, 40)
    const altProbe = second.alternatives[0].text_content.slice(0, 30)
    const key2 = await answerKey(request, token, second.id)
    const response = await page.goto(`/questoes?q=${second.short_id}`)
    const html = await response!.text()
    // Once in the HTML (the card), not a second time in the hydration data.
    expect(html.split(probe).length - 1).toBe(1)
    expect(html.split(altProbe).length - 1).toBe(1)
    const c2 = card(page, second.id)
    const statement = c2.locator('.qs').first()
    await expect(statement).toContainText(probe)
    await c2.getByRole('radio', { name: new RegExp(`^${key2}\\)`) }).check()
    await c2.getByRole('button', { name: 'Responder' }).click()
    await expect(page.getByText('Resposta correta!')).toBeVisible()
    await expect(page.getByText('Parabéns! Tentativa registrada.')).toBeVisible()
    await expect(alternative(page, second.id, key2)).toContainText('Correta')
    await expect(c2.getByTestId('resposta')).toContainText(`Você acertou! Gabarito: ${key2}`)
    // After the answer (and, with JS, the revalidation that brings the texts as data) the
    // statement and each alternative are shown exactly once.
    await expect(statement).toContainText(probe)
    expect(((await statement.textContent()) ?? '').split(probe).length - 1).toBe(1)
    expect(((await c2.locator('.qa').textContent()) ?? '').split(altProbe).length - 1).toBe(1)

    // Nothing of the answer is in the page before the student asks; then reveal, then hide.
    const key3 = await answerKey(request, token, third!.id)
    const res = await request.post(`/api/v1/questions/${third!.id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
    const { explanation } = (await res.json()) as { explanation: string }
    // A plain-text piece of the explanation, free of markup: words from its longest run between tags.
    const longestRun = explanation.split(/<[^>]+>/).sort((x, y) => y.trim().length - x.trim().length)[0]
    const snippet = longestRun.trim().split(/\s+/).slice(0, 5).join(' ')
    expect(snippet.length).toBeGreaterThan(10)
    const before = await page.goto(`/questoes?q=${third!.short_id}`)
    const c3 = card(page, third!.id)
    await expect(c3).toBeVisible()
    const text = (await before!.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(text).not.toContain(snippet)
    expect(text).not.toContain('correct_answer')
    await expect(c3.getByTestId('resposta')).toHaveCount(0)
    await c3.getByRole('button', { name: 'Ver Resposta' }).click()
    await expect(card(page, third!.id).getByTestId('gabarito')).toHaveText(key3)
    await expect(card(page, third!.id)).toContainText(snippet)
    // Only revealed, not answered: no verdict.
    await expect(card(page, third!.id).getByTestId('resposta')).not.toContainText(/Você (errou|acertou)/)
    await card(page, third!.id).getByRole('link', { name: 'Ocultar Resposta' }).click()
    await expect(card(page, third!.id).getByTestId('resposta')).toHaveCount(0)
    await expect(card(page, third!.id).getByRole('button', { name: 'Ver Resposta' })).toBeVisible()

    // Report an error: a small route dialog, back to the card with a toast.
    await card(page, third!.id).locator('summary', { hasText: 'Mais' }).click()
    await card(page, third!.id).getByRole('link', { name: 'Reportar erro' }).click()
    await expect(page.getByRole('heading', { name: 'Reportar erro' })).toBeVisible()
    await page.getByLabel('Descreva o erro encontrado').fill('A alternativa B está com o texto cortado.')
    await page.getByRole('button', { name: 'Enviar relato' }).click()
    await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${third!.short_id}`))
    await expect(page.getByText('Obrigado! Seu relato de erro foi enviado para a equipe.')).toBeVisible()

    if (javaScriptEnabled) {
      // A client-side page change renders the texts from data.
      await page.goto('/questoes')
      await page.getByRole('link', { name: 'Página 2' }).first().click()
      await expect(page).toHaveURL(/pagina=2/)
      await expect(page.locator('.qs').first()).not.toBeEmpty()
    }
  })

  test('visitante vê cadeados e volta à mesma busca depois do login (modal com JS, página sem JS)', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const student = await registerViaApi(request)
    await page.goto('/questoes')
    const firstCard = page.locator('article[id^="questao-"]').first()
    await expect(firstCard.getByRole('link', { name: 'Responder' })).toHaveAttribute('href', /^\/login\?redirectTo=/)
    await expect(firstCard.getByRole('link', { name: 'Ver Resposta' })).toBeVisible()
    await expect(firstCard.getByText('Login necessário')).toBeVisible()
    await expect(firstCard.getByRole('radio')).toHaveCount(0)
    // 'Reportar erro' needs no login: in the card's 'Mais' menu, not locked.
    await firstCard.locator('summary', { hasText: 'Mais' }).click()
    await expect(firstCard.getByRole('link', { name: 'Reportar erro' })).toBeVisible()

    // An empty search is the open random list: no login asked.
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    await expect(page).toHaveURL(/\/questoes\?q=$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // From the page as loaded: text typed while a search's list is still being drawn is the new
    // form's to reset (the form is keyed by the address), and a test types faster than that.
    await page.reload()
    await page.getByLabel('Buscar no enunciado').fill('direito')
    if (javaScriptEnabled) await loginDialogReady(page)
    await page.getByRole('button', { name: 'Buscar Questões' }).click()
    let form = page.locator('main')
    if (javaScriptEnabled) {
      // The spec's login modal, over the same page.
      form = page.getByRole('dialog', { name: 'Login necessário' })
      await expect(form).toBeVisible()
      await expect(page).toHaveURL(/\/questoes\?q=$/)
    } else {
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquestoes%3Fq%3Ddireito/)
    }
    await form.getByLabel('Email', { exact: true }).fill(student.email)
    await form.getByLabel('Senha', { exact: true }).fill(student.password)
    await form.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(/\/questoes\?q=direito$/)
    await expect(page.getByLabel('Buscar no enunciado')).toHaveValue('direito')
    await expect(page.getByRole('heading', { name: /^Encontradas \d+ questões com os filtros selecionados$/ })).toBeVisible()
    await expect(page.locator('article[id^="questao-"]').first().getByRole('button', { name: 'Responder' })).toBeVisible()
  })

  test('o cadeado leva ao login e de volta ao mesmo cartão (modal com JS, página sem JS)', async ({ page, request, javaScriptEnabled }) => {
    const student = await registerViaApi(request)
    await page.goto('/questoes')
    const firstCard = page.locator('article[id^="questao-"]').first()
    const id = (await firstCard.getAttribute('id'))!
    if (javaScriptEnabled) await loginDialogReady(page)
    await firstCard.getByRole('link', { name: 'Responder' }).click()
    let form = page.locator('main')
    if (javaScriptEnabled) {
      // The login modal: the page stays, the forgot view toggles inside, Fechar fades it out.
      await expect(page.getByRole('dialog', { name: 'Login necessário' })).toBeVisible()
      const dialog = page.getByRole('dialog')
      await expect(page).toHaveURL(/\/questoes$/)
      await dialog.getByRole('button', { name: 'Esqueceu a senha?' }).click()
      await expect(page.getByRole('dialog', { name: 'Recuperar senha' })).toContainText(
        'Digite seu email para receber uma senha temporária.',
      )
      await dialog.getByRole('button', { name: 'Voltar ao login' }).click()
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      await expect(dialog).toBeHidden()
      await firstCard.getByRole('link', { name: 'Ver Resposta' }).click()
      await expect(dialog).toBeVisible()
      form = dialog
    } else {
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquestoes%23questao-/)
    }
    await form.getByLabel('Email', { exact: true }).fill(student.email)
    await form.getByLabel('Senha', { exact: true }).fill(student.password)
    await form.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/questoes#${id}$`))
    await expect(page.locator(`#${id}`).getByRole('button', { name: 'Responder' })).toBeVisible()
  })

  test('no plano Gratuito a 6ª questão da semana mostra o limite com link para /planos no lugar de Responder', async ({
    page,
    request,
  }) => {
    const six = await answerable(request, 6)
    await loginAsNewStudent(page, request)
    // What is left is said before the limit arrives, with the Monday it renews (issue 27).
    const renews = `renova segunda, ${nextMondayInSaoPaulo()}`
    await page.goto('/questoes')
    // No filter set: the count does not speak of filters.
    await expect(page.getByRole('heading', { name: /^Encontradas \d+ questões$/ })).toBeVisible()
    await expect(page.getByTestId('cota-semanal')).toHaveText(`Restam 5 de 5 questões nesta semana · ${renews}`)
    for (const [i, q] of six.slice(0, 5).entries()) {
      await page.goto(`/questoes?q=${q.short_id}`)
      const left = 5 - i === 1 ? 'Resta 1' : `Restam ${5 - i}`
      await expect(page.getByTestId('cota-semanal')).toHaveText(`${left} de 5 questões nesta semana · ${renews}`)
      await card(page, q.id).getByRole('button', { name: 'Ver Resposta' }).click()
      await expect(card(page, q.id).getByTestId('gabarito')).toBeVisible()
    }
    // The fifth took the week's last question: the flash says so (issue 61).
    await expect(page.getByText('Era a sua última questão desta semana.').first()).toBeVisible()
    const last = six[5]
    await page.goto(`/questoes?q=${last.short_id}`)
    const spent = page.getByTestId('cota-semanal')
    await expect(spent).toHaveText(
      `Restam 0 de 5 questões nesta semana · ${renews}. Só as questões que você já abriu nesta semana podem ser respondidas. Ver planos`,
    )
    await expect(spent.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos')
    // Said on the card before the student works it out (issue 61): no Responder, the limit and 'Ver planos'.
    await expect(card(page, last.id).getByRole('button', { name: 'Responder' })).toHaveCount(0)
    await expect(card(page, last.id).getByRole('button', { name: 'Ver Resposta' })).toHaveCount(0)
    const alert = card(page, last.id).getByTestId('cota-esgotada').getByRole('alert')
    await expect(alert).toContainText(
      `Você atingiu o limite de 5 questões por semana do seu plano. Faça upgrade do plano para continuar praticando. Sua cota ${renews}.`,
    )
    await expect(alert.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos')
    await expect(card(page, last.id).getByTestId('gabarito')).toHaveCount(0)
    // A question already counted this week can still be answered.
    await page.goto(`/questoes?q=${six[0].short_id}`)
    await card(page, six[0].id).getByRole('radio').first().check()
    await card(page, six[0].id).getByRole('button', { name: 'Responder' }).click()
    await expect(card(page, six[0].id).getByTestId('gabarito')).toBeVisible()
  })

  test('em "Não resolvidas" a questão respondida fica na lista com o resultado até o aluno seguir', async ({ page, request }) => {
    await loginAsNewStudent(page, request)
    await page.goto('/questoes?situacao=nao-resolvidas')
    const first = page.locator('article[id^="questao-"]').filter({ hasNotText: 'Anulada' }).first()
    const id = Number((await first.getAttribute('id'))!.replace('questao-', ''))
    await card(page, id).getByRole('radio').first().check()
    await card(page, id).getByRole('button', { name: 'Responder' }).click()
    // The verdict in the card, the question still in the list (without JS: after the redirect's reload).
    await expect(card(page, id).getByTestId('resposta')).toContainText(/Você (errou|acertou)/)
    await expect(card(page, id).getByTestId('gabarito')).toBeVisible()
    // Moving on: the list again, and the answered question has left it.
    await page.goto('/questoes?situacao=nao-resolvidas')
    await expect(page.locator('article[id^="questao-"]').first()).toBeVisible()
    await expect(card(page, id)).toHaveCount(0)
  })

  test('marcação hostil aparece como texto, a marcação permitida vira formatação', async ({ page, request }) => {
    const token = await adminToken(request)
    const file = fs.readFileSync(path.resolve('fixtures/test/hostile.txt'))
    const upload = await request.post('/api/v1/admin/questions/upload-exam-txt?force=true', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'hostile.txt', mimeType: 'text/plain', buffer: file } },
    })
    expect(upload.status(), await upload.text()).toBeLessThan(300)
    const { data } = await searchApi(request, `search_term=${encodeURIComponent('petição liberdade expressão')}`)
    expect(data.length).toBeGreaterThan(0)
    const hostile = data[0]

    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs += 1
      void d.dismiss()
    })
    await loginAsNewStudent(page, request)
    await page.goto(`/questoes?q=${hostile.short_id}`)
    const c = card(page, hostile.id)
    await expect(c).toContainText('<script>alert(1)</script>')
    await expect(c).toContainText('<img src=x onerror=alert(1)>')
    await expect(c.locator('script')).toHaveCount(0)
    await expect(c.locator('img')).toHaveCount(0)
    await expect(c.locator('strong', { hasText: 'liberdade de expressão' })).toBeVisible()
    expect(dialogs).toBe(0)
  })
})
