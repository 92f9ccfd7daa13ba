import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, loginDialogReady, registerViaApi, signIn } from './utils'

// Notes (Anotação) and notebooks (Fichário, /notebook/{id}/questions), issue 11, with
// JavaScript on (dialogs over the list) and off (page sections, plain POSTs). Fresh users per
// test: both projects run against one server.

type ApiCard = { id: number; short_id: string; is_annulled: boolean; alternatives: { letter: string }[] }

/** Live, not annulled questions with two or more alternatives, picked at random. */
async function questions(request: APIRequestContext, token: string, count: number) {
  const res = await request.get('/api/v1/questions/search?per_page=100', { headers: { Authorization: `Bearer ${token}` } })
  const data = ((await res.json()).data as ApiCard[]).filter((q) => !q.is_annulled && q.alternatives.length >= 2)
  expect(data.length).toBeGreaterThanOrEqual(count)
  return data.sort(() => Math.random() - 0.5).slice(0, count)
}

async function answerKey(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/questions/${id}/reveal`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return (await res.json()).correct_answer as string
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notificações' }).getByText(text)

/** The tool opened from a card: a dialog with JS, the page's first heading without. */
async function expectTool(page: Page, js: boolean, title: RegExp, questionId: number) {
  if (js) {
    await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  } else {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voltar às questões' })).toHaveAttribute('href', new RegExp(`#questao-${questionId}$`))
  }
}

test('a notebook from a question: create it, add two questions, answer one on its page, remove one, delete it', async ({
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const admin = await adminToken(request)
  const student = await registerViaApi(request, { name: 'Carla Cadernos' })
  const [q1, q2] = await questions(request, student.token, 2)
  const name = `Revisão ${Math.random().toString(36).slice(2, 7)}`

  // From the first question's card: Fichário → create a notebook, which comes ticked.
  await signIn(page, student, `/questoes?q=${q1.short_id}`)
  await page.locator(`#questao-${q1.id}`).getByRole('link', { name: 'Fichário' }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${q1.id}/cadernos\\?q=${q1.short_id}`))
  await expectTool(page, js, /Cadernos — Questão \d+ · /, q1.id)
  await expect(page.getByTestId('cadernos-limite')).toHaveText('Você usa 0 de 2 cadernos do plano Gratuito.')
  await page.getByLabel('Nome do caderno').fill(name)
  await page.getByLabel('Descrição (opcional)').fill('Questões para revisar na véspera.')
  await page.getByRole('button', { name: 'Criar e adicionar a questão' }).click()
  await expect(toast(page, 'Caderno criado com sucesso!')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked()
  await expect(page.getByTestId('cadernos-limite')).toHaveText('Você usa 1 de 2 cadernos do plano Gratuito.')

  // The second question: tick the notebook and save; back on the list at the card.
  await page.goto(`/questoes?q=${q2.short_id}`)
  await page.locator(`#questao-${q2.id}`).getByRole('link', { name: 'Fichário' }).click()
  await expectTool(page, js, /Cadernos — Questão \d+ · /, q2.id)
  const box = page.getByRole('checkbox', { name: new RegExp(name) })
  await expect(box).not.toBeChecked()
  await box.check()
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(toast(page, 'Seleção salva com sucesso!')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${q2.short_id}#questao-${q2.id}$`))
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The 'Caderno' filter of /questoes lists both.
  const list = await request.get('/api/v1/notebooks', { headers: { Authorization: `Bearer ${student.token}` } })
  const notebook = ((await list.json()).notebooks as { id: number; name: string }[]).find((n) => n.name === name)!
  await page.goto(`/questoes?caderno=${notebook.id}`)
  await expect(page.getByRole('heading', { name: 'Encontradas 2 questões com os filtros selecionados' })).toBeVisible()

  // The notebook page: name, description, date, figures.
  await page.goto(`/notebook/${notebook.id}/questions`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('paragraph').filter({ hasText: 'Questões para revisar na véspera.' })).toBeVisible()
  await expect(page.getByText(/^Criado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible()
  await expect(page.getByTestId('caderno-total')).toHaveText('2')
  await expect(page.getByTestId('caderno-respondidas')).toHaveText('0')
  await expect(page.getByTestId('caderno-organizacao')).toHaveText('0%')

  // Answer the first question right there.
  const key = await answerKey(request, admin, q1.id)
  const card1 = page.locator(`#questao-${q1.id}`)
  await card1.getByRole('radio', { name: new RegExp(`^${key}\\)`) }).check()
  await card1.getByRole('button', { name: 'Responder' }).click()
  await expect(toast(page, 'Resposta correta!')).toBeVisible()
  await expect(page.locator(`#questao-${q1.id}`).getByTestId('resposta')).toContainText(`Você acertou! Gabarito: ${key}`)
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebook.id}/questions`))
  await expect(page.getByTestId('caderno-respondidas')).toHaveText('1')
  await expect(page.getByTestId('caderno-organizacao')).toHaveText('50%')
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1')

  // Remove the second one.
  await page
    .locator('li')
    .filter({ has: page.locator(`#questao-${q2.id}`) })
    .getByRole('button', { name: /Remover do caderno a questão \d+/ })
    .click()
  await expect(toast(page, 'Questão removida do caderno')).toBeVisible()
  await expect(page.locator(`#questao-${q2.id}`)).toHaveCount(0)
  await expect(page.getByTestId('caderno-total')).toHaveText('1')

  // Rename it.
  await page.getByText('Editar nome e descrição').click()
  await page.getByRole('textbox', { name: 'Nome do caderno' }).fill(`${name} (final)`)
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(toast(page, 'Caderno atualizado com sucesso!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `${name} (final)` })).toBeVisible()

  // Delete it, after the confirmation step.
  await page.getByRole('link', { name: 'Excluir caderno' }).click()
  await expect(page.getByRole('group', { name: 'Confirmar exclusão do caderno' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar exclusão' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(toast(page, 'Caderno excluído com sucesso!')).toBeVisible()
  await page.goto(`/notebook/${notebook.id}/questions`)
  await expect(page.getByRole('heading', { name: 'Caderno não encontrado' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', '/dashboard')
})

test('notes on a question: write, edit and delete one', async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === 'js-on'
  const student = await registerViaApi(request, { name: 'Nina Notas' })
  const [q] = await questions(request, student.token, 1)
  await signIn(page, student, `/questoes?q=${q.short_id}`)

  await page.locator(`#questao-${q.id}`).getByRole('link', { name: 'Anotação' }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${q.id}/anotacoes\\?q=${q.short_id}`))
  await expectTool(page, js, /Anotações — Questão \d+ · /, q.id)
  await expect(page.getByText('Nenhuma anotação nesta questão ainda.')).toBeVisible()

  await page.getByLabel('Nova anotação').fill('Lembrar: prazo em dobro para a Fazenda Pública.')
  await page.getByRole('button', { name: 'Salvar anotação' }).click()
  await expect(toast(page, 'Anotação salva com sucesso!')).toBeVisible()
  const note = page.getByRole('list', { name: 'Suas anotações' }).getByRole('listitem')
  await expect(note).toHaveCount(1)
  await expect(note.getByTestId('nota-texto')).toHaveText('Lembrar: prazo em dobro para a Fazenda Pública.')
  await expect(note.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible()

  await note.getByRole('link', { name: /Editar anotação/ }).click()
  await page.getByRole('textbox', { name: 'Editar anotação' }).fill('Prazo em dobro: art. 183 do CPC.')
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(toast(page, 'Anotação atualizada com sucesso!')).toBeVisible()
  await expect(note.getByTestId('nota-texto')).toHaveText('Prazo em dobro: art. 183 do CPC.')

  await note.getByRole('link', { name: /Excluir anotação/ }).click()
  await page.getByRole('button', { name: 'Confirmar exclusão' }).click()
  await expect(toast(page, 'Anotação excluída com sucesso!')).toBeVisible()
  await expect(page.getByText('Nenhuma anotação nesta questão ainda.')).toBeVisible()

  if (js) {
    // Escape closes the dialog: back to the same search, focus on the card's button.
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${q.short_id}#questao-${q.id}$`))
    await expect(page.locator(`#questao-${q.id}`).getByRole('link', { name: 'Anotação' })).toBeFocused()
  } else {
    await page.getByRole('link', { name: 'Voltar às questões' }).click()
    await expect(page).toHaveURL(new RegExp(`/questoes\\?q=${q.short_id}#questao-${q.id}$`))
  }
})

test('a Gratuito student at the notebook limit sees it and the plans link', async ({ page, request }) => {
  const student = await registerViaApi(request, { name: 'Gil Gratuito' })
  for (const n of ['Um', 'Dois']) {
    const res = await request.post('/api/v1/notebooks', { headers: { Authorization: `Bearer ${student.token}` }, data: { name: n } })
    expect(res.status()).toBe(201)
  }
  const [q] = await questions(request, student.token, 1)
  await signIn(page, student, `/questoes/${q.id}/cadernos?q=${q.short_id}`)
  await expect(page.getByTestId('cadernos-limite')).toHaveText('Você usa 2 de 2 cadernos do plano Gratuito.')
  const blocked = page.getByTestId('cadernos-bloqueado')
  await expect(blocked).toContainText('Você atingiu o limite de 2 cadernos do plano Gratuito.')
  await expect(blocked.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/trocar-plano')
  await expect(page.getByRole('button', { name: 'Criar e adicionar a questão' })).toHaveCount(0)
  await blocked.getByRole('link', { name: 'Ver planos' }).click()
  await expect(page).toHaveURL(/\/trocar-plano/)
})

test('a visitor sees the lock on Anotação and Fichário and goes to login and back', async ({ page, javaScriptEnabled }) => {
  await page.goto('/questoes')
  const first = page.locator('article.qc').first()
  const id = (await first.getAttribute('id'))!.replace('questao-', '')
  for (const [label, tool] of [
    ['Anotação', 'anotacoes'],
    ['Fichário', 'cadernos'],
  ]) {
    // The locked link is the tool itself or /login with it as redirectTo; either way login, then back.
    const href = (await first.getByRole('link', { name: label }).getAttribute('href'))!
    const target = href.startsWith('/login') ? new URL(href, 'http://x').searchParams.get('redirectTo') : href
    expect(target).toBe(`/questoes/${id}/${tool}`)
  }
  if (javaScriptEnabled) await loginDialogReady(page)
  await first.getByRole('link', { name: 'Fichário' }).click()
  if (javaScriptEnabled) {
    // The login dialog over the list (the group's data-login-modal), the list still behind it.
    await expect(page.getByRole('dialog', { name: 'Login necessário' })).toBeVisible()
    await expect(page).toHaveURL(/\/questoes$/)
  } else {
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fquestoes%2F${id}%2Fcadernos`))
  }
  await page.goto(`/questoes/${id}/anotacoes`)
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fquestoes%2F${id}%2Fanotacoes`))
})
