import crypto from 'node:crypto'

import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import axeCore from 'axe-core'

import { DEMO_ADMIN, signIn } from './utils'

// The classification desk (issue 38 §1, ADR 052), with JavaScript and without: an exam whose
// questions say "DISCIPLINA: Não classificada" is imported, its predicted disciplines wait on
// /admin/classificacao; two are confirmed (one changed) in one submit, and the details show it.
// Then their predicted topics on /admin/classificacao/assuntos (issue 65): one changed and confirmed.

const STATEMENTS = [
  'Sobre o crime de homicídio culposo e a dosimetria da pena de reclusão prevista no Código Penal, assinale a alternativa correta.',
  'Quanto ao contrato de locação, à posse e à usucapião de bem imóvel segundo o Código Civil, assinale a alternativa correta.',
  'Sobre o mandado de injunção e o controle de constitucionalidade pelo Supremo Tribunal Federal, assinale a alternativa correta.',
]

/** The table's serious and critical axe violations (the sweep in a11y.spec.ts sees the page empty). */
async function axeProblems(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axeCore }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }),
  )
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
}

function unlabelledExam(name: string) {
  const lines = [`PROVA: ${name}`, 'ANO: 2025', 'BANCA: Gabarita', '']
  STATEMENTS.forEach((statement, i) =>
    lines.push(
      `QUESTAO: ${i + 1}`,
      'DISCIPLINA: Não classificada',
      'ENUNCIADO:',
      statement,
      'A) Primeira',
      'B) Segunda',
      'GABARITO: A',
      '',
    ),
  )
  return Buffer.from(lines.join('\n'))
}

test('an admin confirms two predicted disciplines (one changed) and the details show who classified them', async ({ page }) => {
  // Two desks, five submits and four detail pages in one flow: past the default 45 s on a busy machine.
  test.slow()
  const name = `Prova sem disciplinas ${crypto.randomBytes(3).toString('hex')}`
  await signIn(page, DEMO_ADMIN, '/admin/provas')
  await page
    .getByLabel('Arquivos de prova (.txt)')
    .setInputFiles({ name: 'sem-disciplinas.txt', mimeType: 'text/plain', buffer: unlabelledExam(name) })
  await page.getByRole('button', { name: 'Enviar provas' }).click()
  await expect(page.getByTestId('resumo-upload')).toHaveText('1 importada')

  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Classificação' }).click()
  await expect(page.getByRole('heading', { name: 'Classificação de disciplinas' })).toBeVisible()
  const exam = page.getByLabel('Prova', { exact: true })
  await exam.selectOption((await exam.locator('option', { hasText: name }).getAttribute('value'))!)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('3 questões', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/prova=\d+/)

  if (test.info().project.use.javaScriptEnabled !== false) expect(await axeProblems(page)).toEqual([])
  const queueUrl = page.url()

  const select = (n: number) => page.getByLabel(`Disciplina da questão ${n} de ${name}`)
  const kept = await select(1).inputValue()
  const before = await select(2).inputValue()
  const options = await select(2)
    .locator('option')
    .evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })))
  const chosen = options.find((o) => o.value !== before && o.label === 'Direito Ambiental') ?? options.find((o) => o.value !== before)!
  const keptLabel = options.find((o) => o.value === kept)!.label
  await page.getByLabel(`Selecionar questão 1 de ${name}`).check()
  await page.getByLabel(`Selecionar questão 2 de ${name}`).check()
  await select(2).selectOption(chosen.value)
  const ids = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')!.replace('linha-', ''))))
  // The rows are least confident first: find questions 1, 2 and 3 by their selects.
  const rowOf = async (n: number) =>
    Number((await select(n).locator('xpath=ancestor::tr').getAttribute('data-testid'))!.replace('linha-', ''))
  const [q1, q2, q3] = [await rowOf(1), await rowOf(2), await rowOf(3)]
  expect(ids.sort()).toEqual([q1, q2, q3].sort())
  await page.getByRole('button', { name: 'Confirmar selecionadas' }).click()

  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText('2 classificações confirmadas.')
  await expect(page.getByText('1 questão', { exact: true })).toBeVisible()
  await expect(select(1)).toHaveCount(0)
  await expect(select(2)).toHaveCount(0)
  await expect(select(3)).toBeVisible()

  await page.goto(`/questoes/${q2}/detalhes`)
  await expect(page.getByTestId('detalhe-disciplina')).toHaveText(chosen.label)
  await page.goto(`/questoes/${q1}/detalhes`)
  await expect(page.getByTestId('detalhe-disciplina')).toHaveText(keptLabel)
  await page.goto(`/questoes/${q3}/detalhes`)
  await expect(page.getByTestId('detalhe-disciplina')).toHaveText(/ \(classificação automática\)$/)

  // Nothing checked: the form says so; the last one confirmed: the queue of this exam is empty.
  await page.goto(queueUrl)
  await page.getByRole('button', { name: 'Confirmar selecionadas' }).click()
  await expect(page.getByText('Selecione pelo menos uma questão.')).toBeVisible()
  await page.getByLabel(`Selecionar questão 3 de ${name}`).check()
  await page.getByRole('button', { name: 'Confirmar selecionadas' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText('1 classificação confirmada.')
  await expect(page.getByText('Nenhuma questão com disciplina prevista para revisar.')).toBeVisible()
  await page.goto(`/questoes/${q3}/detalhes`)
  await expect(page.getByTestId('detalhe-disciplina')).not.toHaveText(/classificação automática/)
  await expect(page.getByTestId('detalhe-assuntos')).toHaveText(/ \(classificação automática\)$/)

  // Their topics, predicted in the disciplines confirmed, wait on the topics' desk (issue 65 §2): one changed and confirmed.
  await page.goto('/admin/classificacao')
  await page.getByRole('link', { name: 'Ver os assuntos previstos' }).click()
  await expect(page.getByRole('heading', { name: 'Classificação de assuntos' })).toBeVisible()
  const topicExam = page.getByLabel('Prova', { exact: true })
  await topicExam.selectOption((await topicExam.locator('option', { hasText: name }).getAttribute('value'))!)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page.getByText('3 questões', { exact: true })).toBeVisible()
  const topic = page.getByLabel(`Assunto da questão 3 de ${name}`)
  const predicted = await topic.inputValue()
  const other = (
    await topic
      .locator('option')
      .evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })))
  ).find((o) => o.value !== predicted)!
  await page.getByLabel(`Selecionar questão 3 de ${name}`).check()
  await topic.selectOption(other.value)
  await page.getByRole('button', { name: 'Confirmar selecionados' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText('1 assunto confirmado.')
  await expect(page.getByText('2 questões', { exact: true })).toBeVisible()
  await page.goto(`/questoes/${q3}/detalhes`)
  await expect(page.getByTestId('detalhe-assuntos')).toHaveText(other.label)
})
