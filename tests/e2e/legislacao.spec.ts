import crypto from 'node:crypto'

import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { adminToken, DEMO_ADMIN, loginAsNewStudent, signIn } from './utils'

// "Pode estar desatualizada" (issue 38 §3, ADR 053), with JavaScript and without: an old Processo
// Civil question carries the CPC/2015 badge; a student reports it outdated; the admin confirms it
// with a note; the student reads "Desatualizada: …" and "Excluir desatualizadas" hides it. And the
// admin adds (then removes) a change on /admin/legislacao.

/** An exam of `year` with one Processo Civil question, uploaded by the admin: a fresh one per run. */
async function oldQuestion(request: APIRequestContext, year = 2010) {
  const tag = `lei${crypto.randomBytes(4).toString('hex')}`
  const exam = [
    `PROVA: Exame Antigo ${tag}`,
    `ANO: ${year}`,
    'BANCA: FGV',
    '',
    'QUESTAO: 1',
    'DISCIPLINA: Direito Processual Civil',
    'ENUNCIADO:',
    `Sobre a tutela antecipada do art. 273 do CPC de 1973 ${tag}, assinale a correta.`,
    'A) Primeira',
    'B) Segunda',
    'GABARITO: A',
    '',
  ].join('\n')
  const upload = await request.post('/api/v1/admin/questions/upload-exam-txt', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    multipart: { file: { name: `antiga-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(exam) } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const found = await request.get(`/api/v1/questions/search?search_term=${tag}`)
  const [card] = (await found.json()).data as { id: number; short_id: string }[]
  return { tag, id: card!.id, shortId: card!.short_id, exam: `Exame Antigo ${tag}` }
}

test('an old question: the badge, a report "Desatualizada", the admin’s note, and Excluir desatualizadas', async ({
  page,
  browser,
  request,
}) => {
  const q = await oldQuestion(request)
  await loginAsNewStudent(page, request)
  await page.goto(`/questoes?q=${q.shortId}`)
  const card = page.locator(`#questao-${q.id}`)
  const badge = card.getByTestId('pode-estar-desatualizada')
  await expect(badge).toContainText('Pode estar desatualizada: CPC/2015')
  await expect(badge).toHaveAttribute('title', /Lei 13\.105\/2015 \(Código de Processo Civil\), em vigor desde 18\/03\/2016/)

  // The permanent page and modo resolução say it too.
  await page.goto(`/questoes/${q.id}`)
  await expect(page.getByTestId('pode-estar-desatualizada')).toContainText('Pode estar desatualizada: CPC/2015')
  await page.goto(`/questoes/resolver?q=${q.shortId}&pos=1`)
  await expect(page.getByTestId('pode-estar-desatualizada')).toContainText('Pode estar desatualizada: CPC/2015')

  // The student reports it outdated.
  await page.goto(`/questoes?q=${q.shortId}`)
  await card.locator('summary', { hasText: 'Mais' }).click()
  await card.getByRole('link', { name: 'Reportar erro' }).click()
  await page.getByRole('radio', { name: 'Desatualizada (a lei mudou)' }).check()
  const message = `O art. 273 foi revogado pelo CPC/2015 (${q.tag}).`
  await page.getByLabel('Descreva o erro encontrado').fill(message)
  await page.getByRole('button', { name: 'Enviar relato' }).click()
  await expect(page.getByText('Questão reportada como desatualizada')).toBeVisible()

  // The admin confirms it with a note.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, DEMO_ADMIN, '/admin/erros')
  await admin.goto('/admin/erros')
  const report = admin.locator('article', { hasText: message })
  await expect(report.getByTestId('tipo')).toHaveText('Desatualizada (a lei mudou)')
  const note = `A tutela antecipada hoje é a tutela de urgência (arts. 300 e seguintes do CPC/2015) ${q.tag}.`
  await report.getByLabel('Nota para os alunos (o que mudou na lei)').fill(note)
  await report.getByRole('button', { name: 'Confirmar desatualizada' }).click()
  await expect(admin.getByText('Questão marcada como desatualizada')).toBeVisible()
  await expect(admin.locator('article', { hasText: message }).getByTestId('nota-desatualizada')).toContainText(note)
  await expect(admin.locator('article', { hasText: message }).getByTestId('situacao')).toHaveText('Corrigido')
  await adminContext.close()

  // The student reads the note; "Excluir desatualizadas" hides the question.
  await page.goto(`/questoes?q=${q.shortId}`)
  await expect(card.getByTestId('desatualizada')).toHaveText(`Desatualizada: ${note}`)
  await expect(card.getByTestId('pode-estar-desatualizada')).toHaveCount(0)
  await page.getByLabel('Excluir desatualizadas (e as que podem estar)').check()
  await page.getByRole('button', { name: 'Buscar Questões' }).click()
  await expect(page).toHaveURL(/atualizadas=1/)
  await expect(page.locator(`#questao-${q.id}`)).toHaveCount(0)
})

test('the admin adds a change on /admin/legislacao, and removes it', async ({ page }) => {
  const label = `Lei Teste ${crypto.randomBytes(3).toString('hex')}`
  await signIn(page, DEMO_ADMIN, '/admin/legislacao')
  await page.goto('/admin/legislacao')
  await expect(page.getByRole('heading', { level: 1, name: 'Legislação' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'CPC/2015' })).toBeVisible()

  const form = page.locator('form#nova-mudanca')
  // Refused first: no discipline chosen, in Portuguese.
  await form.getByLabel('Rótulo (no selo)').fill(label)
  await form.getByLabel('Nome oficial').fill('Lei 99.999/2030 (Lei de Teste)')
  await form.getByLabel('Data de vigência').fill('2030-01-01')
  await form.getByRole('button', { name: 'Adicionar mudança' }).click()
  await expect(page.locator('form#nova-mudanca').getByText('Escolha pelo menos uma disciplina afetada.')).toBeVisible()

  const again = page.locator('form#nova-mudanca')
  await again.getByLabel('Rótulo (no selo)').fill(label)
  await again.getByLabel('Nome oficial').fill('Lei 99.999/2030 (Lei de Teste)')
  await again.getByLabel('Data de vigência').fill('2030-01-01')
  await again.getByRole('checkbox', { name: 'Direito Eleitoral' }).check()
  await again.getByRole('button', { name: 'Adicionar mudança' }).click()
  await expect(page.getByText('Mudança legislativa criada.')).toBeVisible()
  const added = page.getByRole('article', { name: label })
  await expect(added.getByLabel('Data de vigência')).toHaveValue('2030-01-01')
  await expect(added.getByRole('checkbox', { name: 'Direito Eleitoral' })).toBeChecked()

  await added.getByRole('button', { name: `Excluir ${label}` }).click()
  await expect(page.getByText('Mudança legislativa excluída')).toBeVisible()
  await expect(page.getByRole('article', { name: label })).toHaveCount(0)
})

test('an exam of 2016 "pode estar"; once the admin sets the day it was applied, after the CPC, it is not', async ({ page, request }) => {
  const q = await oldQuestion(request, 2016)
  await signIn(page, DEMO_ADMIN, '/admin/provas')
  await page.goto(`/questoes?q=${q.shortId}`)
  await expect(page.locator(`#questao-${q.id}`).getByTestId('pode-estar-desatualizada')).toHaveAttribute('title', /prova do mesmo ano/)

  await page.goto('/admin/provas')
  const form = page.locator('form', { has: page.getByLabel(`Data de aplicação: ${q.exam} (2016, FGV)`) })
  await form.getByLabel(`Data de aplicação: ${q.exam} (2016, FGV)`).fill('2016-07-24')
  await form.getByRole('button', { name: 'Salvar data' }).click()
  await expect(page.getByText('Data de aplicação salva.')).toBeVisible()
  await expect(page.getByLabel(`Data de aplicação: ${q.exam} (2016, FGV)`)).toHaveValue('2016-07-24')

  await page.goto(`/questoes?q=${q.shortId}`)
  await expect(page.locator(`#questao-${q.id}`)).toBeVisible()
  await expect(page.locator(`#questao-${q.id}`).getByTestId('pode-estar-desatualizada')).toHaveCount(0)
})

test('staff remove a question’s badge on /admin/legislacao/selos; the card loses it', async ({ page, request }) => {
  const q = await oldQuestion(request)
  await signIn(page, DEMO_ADMIN, '/admin/legislacao/selos')
  // A student's report quotes the code the question shows ('Questão #…'): staff find it by that too.
  await page.getByLabel('Questão (id ou código)').fill(`#${q.shortId}`)
  await page.getByRole('button', { name: 'Ver questão' }).click()
  await expect(page).toHaveURL(new RegExp(`questao=${q.id}$`))
  await expect(page.getByRole('heading', { name: new RegExp(q.exam) })).toBeVisible()
  const cpc = page.getByRole('list', { name: 'Mudanças diante da questão' }).getByRole('listitem').filter({ hasText: 'CPC/2015 — ' })
  await expect(cpc.getByTestId('situacao-selo')).toHaveText('Mostra o selo · pela regra')
  await cpc.getByRole('button', { name: 'Tirar selo' }).click()
  await expect(page.getByText('Selo removido: a questão não mostra mais esta mudança.')).toBeVisible()
  await expect(cpc.getByTestId('situacao-selo')).toContainText('Não mostra o selo · Selo removido pela equipe')
  await page.goto(`/questoes?q=${q.shortId}`)
  await expect(page.locator(`#questao-${q.id}`)).toBeVisible()
  await expect(page.locator(`#questao-${q.id}`).getByTestId('pode-estar-desatualizada')).toHaveCount(0)
})

test('a change by scope: a bad article line refused naming it, the subject badges a question, edited in place', async ({
  page,
  request,
}) => {
  const q = await oldQuestion(request)
  const label = `Lei Escopo ${q.tag}`
  await signIn(page, DEMO_ADMIN, '/admin/legislacao')
  const fill = async (articles: string) => {
    const form = page.locator('form#nova-mudanca')
    await form.getByLabel('Rótulo (no selo)').fill(label)
    await form.getByLabel('Nome oficial').fill('Lei 99.998/2030 (Lei de Teste)')
    await form.getByLabel('Data de vigência').fill('2030-01-01')
    await form.getByRole('checkbox', { name: 'Direito Processual Civil' }).check()
    await form.getByLabel('Escopo: as normas, os artigos e os assuntos abaixo').check()
    await form.getByLabel('Artigos alterados (um por linha)').fill(articles)
    // A subject only this run's question names.
    await form.getByLabel('Assuntos (um por linha)').fill(q.tag)
    await form.getByRole('button', { name: 'Adicionar mudança' }).click()
  }
  await fill('clt@art. 58\nart. xx do CLT')
  await expect(page.locator('form#nova-mudanca').getByText("Linha 2: 'art. xx do CLT' não é um artigo reconhecível")).toBeVisible()
  await fill('clt@art. 58\nart. 59 da CLT')
  await expect(page.getByText('Mudança legislativa criada.')).toBeVisible()
  const added = page.getByRole('article', { name: label })
  await expect(added.getByLabel('Artigos alterados (um por linha)')).toHaveValue('clt@art. 58\nclt@art. 59')

  // Edited in place: its own form sends its own fields, and shows them as read once saved.
  await added.getByLabel('Artigos alterados (um por linha)').fill('art. 60 da CLT')
  await added.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Mudança legislativa atualizada.')).toBeVisible()
  await expect(added.getByLabel('Artigos alterados (um por linha)')).toHaveValue('clt@art. 60')
  await expect(added.getByLabel('Escopo: as normas, os artigos e os assuntos abaixo')).toBeChecked()
  await expect(page.getByText('Mudança legislativa atualizada.')).toBeHidden({ timeout: 15_000 })
  await added.getByLabel('Artigos alterados (um por linha)').fill('art. 61 da CLT')
  await added.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Mudança legislativa atualizada.')).toBeVisible()
  await expect(added.getByLabel('Artigos alterados (um por linha)')).toHaveValue('clt@art. 61')

  await page.goto(`/questoes?q=${q.shortId}`)
  await expect(page.locator(`#questao-${q.id}`).getByTestId('pode-estar-desatualizada')).toContainText(
    `Pode estar desatualizada: CPC/2015, ${label}`,
  )
  // Out of the way of other runs (deleting on the page is the test above's).
  const id = ((await (await request.get('/api/v1/legislative-changes')).json()).data as { id: number; label: string }[]).find(
    (c) => c.label === label,
  )!.id
  const removed = await request.delete(`/api/v1/admin/legislative-changes/${id}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  })
  expect(removed.status()).toBe(200)
})
