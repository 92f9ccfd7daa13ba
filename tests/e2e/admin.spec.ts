import crypto from 'node:crypto'

import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, RENDERING, signIn } from './utils'

function validExam(tag: string) {
  return Buffer.from(
    [
      `PROVA: Simulado E2E ${tag}`,
      'ANO: 2024',
      'BANCA: Gabarita',
      '',
      'QUESTAO: 1',
      'DISCIPLINA: Direito Penal',
      'ENUNCIADO:',
      'Enunciado de teste ponta a ponta.',
      'A) Primeira',
      'B) Segunda',
      'GABARITO: A',
      '',
    ].join('\n'),
  )
}

const invalidExam = Buffer.from(
  [
    'PROVA: Simulado inválido',
    'ANO: 2024',
    'BANCA: Gabarita',
    '',
    'QUESTAO: 1',
    'DISCIPLINA: Direito Penal',
    'ENUNCIADO:',
    'Texto.',
    'A) Um',
    'B) Dois',
    'GABARITO: F',
    '',
  ].join('\n'),
)

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_ADMIN, '/admin')
  await expect(page).toHaveURL(/\/admin$/)
})

test('dashboard shows the figures in server-rendered tables', RENDERING, async ({ page }) => {
  await expect(page.getByText('Painel Administrativo').first()).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Disciplinas' })).toBeVisible()
  // Demo content: 64 questions from fixtures/provas.
  const total = page.getByTestId('stat-Total de questões')
  await expect(total).toHaveText(/^\d+$/)
  expect(Number(await total.textContent())).toBeGreaterThanOrEqual(64)
  const table = page.getByRole('table', { name: 'Questões por disciplina' })
  await expect(table.getByRole('row', { name: /Ética Profissional/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Questões por assunto' }).getByRole('row')).toHaveCount(11)
})

test('exam upload: success, then the validation summary of an invalid file', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Provas' }).click()
  await expect(page).toHaveURL(/\/admin\/provas$/)
  const tag = crypto.randomBytes(4).toString('hex')
  await page
    .getByLabel('Arquivos de prova (.txt)')
    .setInputFiles({ name: `e2e-${tag}.txt`, mimeType: 'text/plain', buffer: validExam(tag) })
  await page.getByRole('button', { name: 'Enviar provas' }).click()
  await expect(page.getByRole('heading', { name: 'Upload realizado com sucesso!' })).toBeVisible()
  await expect(page.getByTestId('resumo-upload')).toHaveText('1 importada')
  await expect(page.getByText(`e2e-${tag}.txt: 1 questão (novas 1`)).toBeVisible()
  // Who gave each question its discipline (issue 63 §1) and its topic (issue 65: the file names none).
  await expect(page.getByTestId('classificacao-importada')).toHaveText(
    'Disciplinas: 1 pelo arquivo. Assuntos: 1 questão recebeu assunto automaticamente (revise em /admin/classificacao/assuntos)',
  )

  await page.getByLabel('Arquivos de prova (.txt)').setInputFiles({ name: 'invalida.txt', mimeType: 'text/plain', buffer: invalidExam })
  await page.getByRole('button', { name: 'Enviar provas' }).click()
  await expect(page.getByRole('heading', { name: 'Validação falhou - 1 erro(s) encontrado(s)' })).toBeVisible()
  await expect(page.getByText('QUESTAO 1: linha 11: GABARITO "F" não corresponde a nenhuma alternativa')).toBeVisible()
})

test('a mixed exam upload reports each file: the imported one apart from the refused ones', async ({ page }) => {
  await page.goto('/admin/provas')
  const tag = crypto.randomBytes(4).toString('hex')
  // A valid exam saved in Latin-1: 'ç' and 'ã' of line 8 are not UTF-8.
  const latin1 = Buffer.from(
    validExam(`latin1-${tag}`).toString('utf8').replace('Enunciado de teste', 'Enunciado com acentuação'),
    'latin1',
  )
  await page.getByLabel('Arquivos de prova (.txt)').setInputFiles([
    { name: 'invalida.txt', mimeType: 'text/plain', buffer: invalidExam },
    { name: `boa-${tag}.txt`, mimeType: 'text/plain', buffer: validExam(tag) },
    { name: `latin1-${tag}.txt`, mimeType: 'text/plain', buffer: latin1 },
  ])
  await page.getByRole('button', { name: 'Enviar provas' }).click()

  await expect(page.getByTestId('resumo-upload')).toHaveText('1 importada, 2 recusadas')
  const imported = page.getByRole('region', { name: 'Prova importada' })
  await expect(imported).toContainText(`boa-${tag}.txt: 1 questão (novas 1`)
  await expect(imported).not.toContainText('invalida.txt')
  const refused = page.getByRole('region', { name: 'Validação falhou - 2 erro(s) encontrado(s)' })
  await expect(refused).toContainText('QUESTAO 1: linha 11: GABARITO "F" não corresponde a nenhuma alternativa')
  await expect(refused).toContainText(`latin1-${tag}.txt`)
  await expect(refused).toContainText('linha 8: o arquivo não está em UTF-8 válido')
  await expect(refused).not.toContainText(`boa-${tag}.txt`)
})

test('discipline upload and the discipline/topic check', async ({ page }) => {
  await page.goto('/admin/disciplinas')
  const name = `Disciplina E2E ${crypto.randomBytes(3).toString('hex')}`
  await page.getByLabel('Arquivos de disciplinas (.json)').setInputFiles({
    name: 'disc.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ disciplinas: [{ nome: name, assuntos: ['Assunto E2E'] }] })),
  })
  await page.getByRole('button', { name: 'Enviar disciplinas' }).click()
  await expect(page.getByRole('heading', { name: 'Upload realizado com sucesso!' })).toBeVisible()
  await expect(page.getByText('disc.json: 1 disciplina(s) e 1 assunto(s) novos')).toBeVisible()

  const button = page.getByRole('button', { name: 'Validar disciplina e assunto' })
  await page.getByLabel('Disciplina', { exact: true }).fill(name.toLowerCase())
  await page.getByLabel('Assunto', { exact: true }).fill('assunto e2e')
  await button.click()
  await expect(page.getByText('Disciplina e assunto validados com sucesso!').first()).toBeVisible()

  await page.getByLabel('Disciplina', { exact: true }).fill(name)
  await page.getByLabel('Assunto', { exact: true }).fill('Não existe')
  await page.getByRole('button', { name: 'Validar disciplina e assunto' }).click()
  await expect(page.getByText(`Assunto não encontrado em ${name}: Não existe`)).toBeVisible()

  // Its topics edited as text (issue 65 §1): a range overlapping another is refused naming the line, then saved.
  await page.locator('summary', { hasText: name }).click()
  const tree = page.getByLabel(`Assuntos de ${name}`)
  await expect(tree).toHaveValue('Assunto E2E')
  await tree.fill('Assunto E2E\nSucessões | cc@arts. 1784-2027\nFamília | cc@arts. 2000-2010')
  await page.getByRole('button', { name: 'Salvar assuntos' }).first().click()
  await expect(page.getByText('linha 3: "cc@arts. 2000-2010" sobrepõe artigos do assunto "Sucessões" (linha 2)')).toBeVisible()
  await page.getByLabel(`Assuntos de ${name}`).fill('Assunto E2E\nSucessões | cc@arts. 1784-2027')
  await page.getByLabel(`Assuntos de ${name}`).locator('xpath=ancestor::form').getByRole('button', { name: 'Salvar assuntos' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText(
    `Assuntos de ${name} salvos: 1 novo, 0 alterados, 0 removidos.`,
  )
  await page.locator('summary', { hasText: name }).click()
  await expect(page.getByLabel(`Assuntos de ${name}`)).toHaveValue('Assunto E2E\nSucessões | cc@arts. 1784-2027')
})

test('the check button waits for both fields with JS; the server validates without JS', async ({ page, javaScriptEnabled }) => {
  await page.goto('/admin/disciplinas')
  const button = page.getByRole('button', { name: 'Validar disciplina e assunto' })
  if (javaScriptEnabled) {
    await expect(button).toBeDisabled()
    await page.getByLabel('Disciplina', { exact: true }).fill('Direito Penal')
    await expect(button).toBeDisabled()
    await page.getByLabel('Assunto', { exact: true }).fill('Penas')
    await expect(button).toBeEnabled()
  } else {
    await page.getByLabel('Disciplina', { exact: true }).fill('   ')
    await button.click()
    await expect(page.getByText('Por favor, preencha tanto a disciplina quanto o assunto.')).toBeVisible()
  }
})

test('the sidebar collapses and remembers it in the sidebar:state cookie', async ({ page, context, javaScriptEnabled }) => {
  const nav = page.locator('[data-sidebar-state]')
  await expect(nav).toHaveAttribute('data-sidebar-state', 'expanded')
  if (javaScriptEnabled) await page.keyboard.press('Control+b')
  else await page.getByRole('button', { name: 'Recolher menu' }).click()
  await expect(nav).toHaveAttribute('data-sidebar-state', 'collapsed')
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state')
  expect(cookie?.value).toBe('false')
  await page.reload()
  await expect(page.locator('[data-sidebar-state]')).toHaveAttribute('data-sidebar-state', 'collapsed')
  await page.getByRole('button', { name: 'Expandir menu' }).click()
  await expect(page.locator('[data-sidebar-state]')).toHaveAttribute('data-sidebar-state', 'expanded')
})

test('Sair logs the admin out to /admin/login', async ({ page }) => {
  // The sidebar's Sair (the header has one too, which goes to /login).
  const sidebarLogout = page.locator('form[action="/logout"]:has(input[name="redirectTo"][value="/admin/login"])')
  await sidebarLogout.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible()
})
