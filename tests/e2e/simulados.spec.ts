import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, loginAsNewStudent, premiumStudent, signIn } from './utils'

// Issue 29, Simulados: a Premium student sits a 5-question personalised simulado (a choice saved,
// one marked for review), leaves and resumes on the answer sheet, delivers with blanks and reads
// the result and its review; a Gratuito student has one past exam a month; the keyboard; the
// admin's mix and week. Plain forms and links: the same with JS and without.

const questionHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Questão \d+ de \d+$/ })

test('senta um simulado personalizado, sai e volta pelo cartão-resposta, entrega e lê o resultado', async ({ page, request }) => {
  test.setTimeout(90_000)
  await signIn(page, await premiumStudent(request))
  await page.goto('/simulados')
  await expect(page.getByText('Você ainda não fez nenhum simulado.')).toBeVisible()
  await page.getByLabel('Número de questões').fill('5')
  await page.getByRole('button', { name: 'Iniciar simulado personalizado' }).click()
  await expect(page).toHaveURL(/\/simulados\/\d+$/)
  const simuladoUrl = page.url()
  await expect(questionHeading(page)).toHaveText('Questão 1 de 5')
  await expect(page.getByTestId('tempo')).toContainText('Tempo restante:')
  // No key before the end.
  await expect(page.getByText(/Gabarito|Correta/)).toHaveCount(0)

  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Salvar e próxima' }).click()
  await expect(questionHeading(page)).toHaveText('Questão 2 de 5')
  await expect(page.getByTestId('situacao')).toHaveText('1 de 5 respondidas · 4 em branco · 0 marcadas para revisar')
  await page.getByRole('button', { name: 'Marcar para revisar' }).click()
  await expect(page.getByTestId('situacao')).toContainText('1 marcada para revisar')
  await expect(page.getByRole('link', { name: 'Questão 2 — em branco, marcada para revisar' })).toBeVisible()

  // Away and back: the list offers to continue, at the question where the student stopped.
  await page.goto('/dashboard')
  await page.goto('/simulados')
  await expect(page.getByRole('cell', { name: '1 de 5 respondidas' })).toBeVisible()
  await page.getByRole('link', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(simuladoUrl)
  await expect(questionHeading(page)).toHaveText('Questão 2 de 5')
  await expect(page.getByRole('link', { name: /^Questão 1 — respondida \([A-E]\)$/ })).toBeVisible()

  await page.getByRole('link', { name: 'Questão 5 — em branco' }).click()
  await expect(questionHeading(page)).toHaveText('Questão 5 de 5')
  await page.getByRole('button', { name: 'Salvar e revisar a entrega' }).click()
  await expect(page.getByRole('heading', { name: 'Entregar simulado?' })).toBeVisible()
  await expect(page.getByTestId('entregar-resumo')).toContainText(
    '4 questões estão em branco (2, 3, 4, 5). Questões em branco contam como erro (exceto as anuladas, que contam como acerto para todos).',
  )
  await expect(page.getByTestId('entregar-resumo')).toContainText('1 questão está marcada para revisar (2).')
  await page.getByRole('button', { name: 'Entregar simulado' }).click()

  await expect(page).toHaveURL(/\/simulados\/\d+\/resultado$/)
  await expect(page.getByTestId('nota')).toHaveText(/^Reprovado: [01] de 5 acertos \(\d+%\)$/)
  await expect(page.getByText(/O corte é de 3 acertos\. (0 certas|1 certa), (0 erradas|1 errada), 4 em branco\./)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Por disciplina' })).toBeVisible()
  await page.getByRole('link', { name: 'Em branco', exact: true }).click()
  await expect(page).toHaveURL(/mostrar=branco/)
  await expect(page.getByRole('article')).toHaveCount(4)
  await expect(page.getByText('Gabarito').first()).toBeVisible()

  // The answers left the simulado only now; the simulado cannot be changed any more.
  await page.goto(simuladoUrl)
  await expect(page).toHaveURL(/\/resultado$/)
  await page.goto('/simulados')
  await expect(page.getByRole('link', { name: 'Ver resultado' })).toBeVisible()
  await expect(page.getByText('Acertos por simulado (a linha marca o corte de 50%)')).toBeVisible()
  // The dashboard's Desempenho has the newest ones too.
  await page.goto('/dashboard?aba=desempenho')
  await expect(page.getByRole('heading', { name: 'Meus simulados' })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^[01] de 5$/ })).toBeVisible()
  await page.getByRole('link', { name: 'Ver todos os simulados' }).click()
  await expect(page).toHaveURL(/\/simulados$/)
})

test('enquanto o simulado está aberto, as ferramentas das suas questões pedem a entrega primeiro e voltam ao simulado', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const student = await premiumStudent(request)
  await signIn(page, student)
  await page.goto('/simulados')
  await page.getByLabel('Número de questões').fill('5')
  await page.getByRole('button', { name: 'Iniciar simulado personalizado' }).click()
  await expect(page).toHaveURL(/\/simulados\/\d+$/)
  const simuladoUrl = new URL(page.url()).pathname
  const sitting = await request.get(`/api/v1${simuladoUrl.replace('/simulados/', '/simulations/')}?position=1`, {
    headers: { Authorization: `Bearer ${student.token}` },
  })
  const questionId = ((await sitting.json()) as { question: { question_id: number } }).question.question_id
  for (const tool of ['analise', 'desempenho', 'video', 'discussoes']) {
    await page.goto(`/questoes/${questionId}/${tool}`)
    await expect(page.getByRole('heading', { name: 'Simulado em andamento' })).toBeVisible()
    await expect(page.getByText(/Entregue o simulado para ver a resposta/)).toBeVisible()
    await expect(page.getByText(/Gabarito/)).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Voltar ao simulado' }).click()
  await expect(page).toHaveURL(new RegExp(`${simuladoUrl}$`))
})

test('no plano Gratuito, uma prova anterior por mês; os outros simulados mostram os planos', async ({ page, request }) => {
  test.setTimeout(90_000)
  await loginAsNewStudent(page, request)
  await page.goto('/simulados')
  await expect(
    page.getByRole('note').filter({ hasText: 'Os simulados do Exame de Ordem e os personalizados fazem parte dos planos' }),
  ).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Iniciar simulado personalizado' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Iniciar prova' }).click()
  await expect(page).toHaveURL(/\/simulados\/\d+$/)
  await expect(questionHeading(page)).toHaveText(/^Questão 1 de \d+$/)
  await page.getByRole('link', { name: 'Entregar simulado' }).click()
  await page.getByRole('button', { name: 'Entregar simulado' }).click()
  await expect(page.getByTestId('nota')).toBeVisible()

  await page.goto('/simulados')
  await expect(page.getByRole('note').filter({ hasText: 'Você já fez 1 simulado de prova anterior neste mês' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Iniciar prova' })).toHaveCount(0)
})

test.describe('com JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'shortcuts and saving on each choice are JS behaviour')

  test('A–E escolhem e salvam na hora, J e K andam entre as questões', async ({ page, request }) => {
    await signIn(page, await premiumStudent(request))
    await page.goto('/simulados')
    await page.getByLabel('Número de questões').fill('5')
    await page.getByRole('button', { name: 'Iniciar simulado personalizado' }).click()
    await expect(questionHeading(page)).toHaveText('Questão 1 de 5')
    await page.keyboard.press('b')
    await expect(page.getByRole('radio', { name: /^B\)/ })).toBeChecked()
    await expect(page.getByRole('status').filter({ hasText: 'Resposta salva.' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Questão 1 — respondida (B)' })).toBeVisible()
    await page.keyboard.press('j')
    await expect(questionHeading(page)).toHaveText('Questão 2 de 5')
    await page.keyboard.press('k')
    await expect(questionHeading(page)).toHaveText('Questão 1 de 5')
    await expect(page.getByRole('radio', { name: /^B\)/ })).toBeChecked()
  })
})

test('a administração vê os simulados da semana, recusa uma distribuição que não soma 80 e mantém a oficial: uma soma errada é recusada e o que foi digitado fica', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN, '/admin/simulados')
  await expect(page.getByRole('heading', { name: 'Simulados', level: 1 })).toBeVisible()
  await expect(page.getByTestId('simulados-semana')).toHaveText(/^\d+ iniciados?, \d+ terminados?\.$/)
  const inputs = page.locator('#distribuicao').getByRole('spinbutton')
  const count = await inputs.count()
  for (let i = 0; i < count; i++) await inputs.nth(i).fill(i === 0 ? '10' : '0')
  await page.getByRole('button', { name: 'Salvar distribuição', exact: true }).click()
  await expect(page.getByText('A soma das questões deve ser 80, como no Exame de Ordem.')).toBeVisible()

  // The official distribution: the same refusal, keeping what was typed.
  const official = page.locator('#distribuicao-oficial')
  await expect(page.getByRole('heading', { name: 'Distribuição oficial' })).toBeVisible()
  await expect(official.getByRole('textbox', { name: 'Nome da disciplina 1', exact: true })).toHaveValue('Ética Profissional')
  const civil = official.getByRole('spinbutton', { name: 'Questões de Direito Civil' })
  await expect(civil).toHaveValue('6')
  await civil.fill('7')
  await official.getByRole('button', { name: 'Salvar distribuição oficial' }).click()
  await expect(official.getByText('A soma das questões deve ser 80, como no Exame de Ordem.')).toBeVisible()
  await expect(official.getByRole('spinbutton', { name: 'Questões de Direito Civil' })).toHaveValue('7')
  // Back to 6, the sum is 80 again: saved.
  await official.getByRole('spinbutton', { name: 'Questões de Direito Civil' }).fill('6')
  await official.getByRole('button', { name: 'Salvar distribuição oficial' }).click()
  await expect(page.getByText('Distribuição oficial salva.').first()).toBeVisible()
  await expect(official.getByRole('spinbutton', { name: 'Questões de Direito Civil' })).toHaveValue('6')
})
