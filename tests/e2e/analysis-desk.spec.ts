import type { Browser } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { apiCall, startOabServer, studentOn } from './oab-server'
import { freePort, signIn } from './utils'

// Issue 40 §1, the analysis desk, on a real OAB exam (IV Exame: 80 questions without a word of
// explanation), JS on and off: an admin makes a professor; the professor finds the exam in the
// queue, writes an analysis with a comment per alternative, previews it as a student will read it
// (with the law it cites), publishes, is told when another professor saved first (nothing is
// overwritten, the draft stays), unpublishes and restores a version from the history; a student
// reads it; the admin sees the week's work and the coverage.

const FILE = '2011-iv-exame-de-ordem-unificado.txt'

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startOabServer>>
test.beforeAll(async () => {
  test.setTimeout(300_000)
  server = await startOabServer(await freePort(), [FILE])
})
test.afterAll(async () => server?.stop())

async function pageOn(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: server.base, javaScriptEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  return context.newPage()
}

test('an admin makes a professor; the professor writes, previews, publishes, meets a conflict, unpublishes and restores', async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000)
  const prof = await studentOn(server.base, server.admin, null)
  const me = await apiCall(server.base, 'GET', '/auth/me', prof.token)

  // The admin grants the role on the user's page.
  const adminPage = await pageOn(browser, javaScriptEnabled)
  await signIn(adminPage, { email: 'admin@gabarita.app', password: 'admin12345' }, `/admin/usuarios/${me.data.id}`)
  await adminPage.getByRole('button', { name: 'Tornar professor' }).click()
  await expect(adminPage.getByText(`${prof.name} agora é professor.`)).toBeVisible()
  await expect(adminPage.getByTestId('plano-usuario')).toContainText('ProfessorSim')

  const page = await pageOn(browser, javaScriptEnabled)
  await signIn(page, prof, '/dashboard')
  await page.getByRole('link', { name: 'Mesa do professor' }).first().click()
  await expect(page).toHaveURL(/\/professor$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mesa do professor')
  await page.getByLabel('Prova').selectOption({ label: 'OAB IV (80)' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/prova=\d+/)
  await expect(page.getByTestId('fila-total')).toHaveText('80 questões sem análise')
  const first = page.getByTestId('fila').getByRole('link').first()
  const label = (await first.textContent())!
  expect(label).toMatch(/^OAB IV · questão \d+$/)
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
  const questionId = Number(/\/professor\/questoes\/(\d+)/.exec(page.url())![1])
  await expect(page.getByTestId('estatistica')).toContainText(/Gabarito: [A-D]/)

  // Written and previewed: the student's view, with the law the text cites; the draft stays.
  const text = 'O advogado responde pelo art. 34 da Lei 8.906/1994: é <n>infração disciplinar</n>.'
  await page.getByLabel('Análise', { exact: true }).fill(text)
  await page.getByLabel(/^Alternativa A/).fill('Há sanção prevista no Estatuto.')
  await page.getByRole('button', { name: 'Pré-visualizar' }).click()
  const preview = page.getByTestId('previa')
  await expect(preview).toContainText('Análise do professor')
  await expect(preview).toContainText('infração disciplinar')
  await expect(preview).toContainText('A) Há sanção prevista no Estatuto.')
  await expect(preview.getByTestId('legislacao-citada')).toContainText('Estatuto da Advocacia (Lei 8.906/1994), art. 34')
  await expect(page.getByLabel('Análise', { exact: true })).toHaveValue(text)

  await page.getByRole('button', { name: 'Publicar análise' }).click()
  await expect(page.getByText('Análise publicada: os alunos já a veem.')).toBeVisible()
  await expect(page.getByTestId('historico')).toContainText(`Versão 1 · Publicada por ${prof.name}`)

  // Another professor saves first: this one is told, with the text now published; the draft stays.
  await apiCall(server.base, 'PUT', `/analyses/questions/${questionId}`, server.admin, {
    text: 'Versão do administrador.',
    base_version: 1,
  })
  const mine = `${text}\nSegundo parágrafo, escrito ao mesmo tempo.`
  await page.getByLabel('Análise', { exact: true }).fill(mine)
  await page.getByRole('button', { name: 'Salvar nova versão' }).click()
  const conflict = page.getByTestId('conflito')
  await expect(conflict).toContainText('alterou esta análise enquanto você editava (agora na versão 2). Nada foi sobrescrito')
  await expect(conflict).toContainText('Versão do administrador.')
  await expect(page.getByLabel('Análise', { exact: true })).toHaveValue(mine)
  // Saving again is deliberate, from the version now published.
  await page.getByRole('button', { name: 'Salvar nova versão' }).click()
  await expect(page.getByText('Análise atualizada. A versão anterior fica no histórico.')).toBeVisible()
  const history = page.getByTestId('historico').locator(':scope > li')
  await expect(history).toHaveCount(3)
  await expect(history.first()).toContainText(`Versão 3 · Editada por ${prof.name}`)
  await history.first().getByText('O que mudou').click()
  await expect(history.first()).toContainText('Segundo parágrafo, escrito ao mesmo tempo.')

  // A student reads it after answering.
  const student = await studentOn(server.base, server.admin, 'PREMIUM')
  const revealed = await apiCall(server.base, 'POST', `/questions/${questionId}/reveal`, student.token)
  expect(revealed.explanation).toBe(mine)

  // Unpublished, then version 1 restored from the history.
  await page.getByRole('button', { name: 'Despublicar' }).click()
  await expect(page.getByText(/^Análise despublicada/)).toBeVisible()
  expect((await apiCall(server.base, 'POST', `/questions/${questionId}/reveal`, student.token)).explanation).toBeNull()
  await page
    .getByTestId('historico')
    .locator(':scope > li')
    .filter({ hasText: 'Versão 1 ·' })
    .getByRole('link', { name: 'Restaurar no editor' })
    .click()
  await expect(page.getByText('Texto da versão 1 no editor: publique para restaurá-lo.')).toBeVisible()
  await expect(page.getByLabel('Análise', { exact: true })).toHaveValue(text)
  await page.getByRole('button', { name: 'Publicar análise' }).click()
  await expect(page.getByText('Análise publicada: os alunos já a veem.')).toBeVisible()
  await expect(page.getByTestId('historico').locator(':scope > li')).toHaveCount(5)
  expect((await apiCall(server.base, 'POST', `/questions/${questionId}/reveal`, student.token)).explanation).toBe(text)

  // The admin's view of the week and of the coverage.
  await adminPage.goto('/admin/analises')
  await expect(adminPage.getByTestId('publicadas-semana')).toHaveText('2 análises publicadas')
  await expect(adminPage.getByRole('row', { name: new RegExp(prof.name) })).toContainText('2')
  await expect(adminPage.getByTestId('cobertura')).toContainText('Ética Profissional')
  await adminPage.context().close()
  await page.context().close()
})

test('a professor promotes the community’s most-voted answer, crediting its author; the plan cards count it', async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000)
  const prof = await studentOn(server.base, server.admin, null)
  const me = await apiCall(server.base, 'GET', '/auth/me', prof.token)
  await apiCall(server.base, 'PUT', `/admin/users/${me.data.id}/professor`, server.admin, { is_professor: true })
  const queue = await apiCall(server.base, 'GET', `/analyses/queue?exam_id=${server.exams[0]!.id}`, prof.token)
  const questionId = queue.data[0].id as number
  const author = await studentOn(server.base, server.admin, 'PREMIUM')
  const voter = await studentOn(server.base, server.admin, 'PREMIUM')
  const topic = await apiCall(server.base, 'POST', `/questions/${questionId}/forum/topics`, author.token, {
    title: 'Por que a alternativa certa?',
    content: 'O Estatuto da Advocacia trata disso no art. 34.',
  })
  await apiCall(server.base, 'PUT', `/forum/topics/${topic.topic.id}/vote`, voter.token, { vote: 'up' })

  const page = await pageOn(browser, javaScriptEnabled)
  await signIn(page, prof, `/professor/questoes/${questionId}`)
  const community = page.getByRole('region', { name: 'Comentários mais votados da comunidade' })
  await expect(community).toContainText(`${author.name} · 1 voto`)
  await community.getByRole('link', { name: 'Promover a análise' }).click()
  await expect(page.getByText(`Comentário de ${author.name} no editor: revise e publique; a análise credita o autor.`)).toBeVisible()
  await expect(page.getByLabel('Análise', { exact: true })).toHaveValue('O Estatuto da Advocacia trata disso no art. 34.')
  await page.getByRole('button', { name: 'Publicar análise' }).click()
  await expect(page.getByText('Análise publicada: os alunos já a veem.')).toBeVisible()
  await expect(page.getByTestId('historico')).toContainText(`Publicada a partir da comunidade por ${prof.name}`)
  await expect(page.getByTestId('historico')).toContainText(`a partir do comentário de ${author.name}`)

  // The plans state the coverage once it reaches the admin's minimum (here, one question).
  const catalog = await apiCall(server.base, 'GET', '/admin/plan-catalog', server.admin)
  const line = catalog.lines.find((l: { capability: string }) => l.capability === 'analysis')
  await apiCall(server.base, 'PATCH', `/admin/plan-catalog/lines/${line.id}`, server.admin, { min_count: 1 })
  await page.goto('/planos')
  await expect(page.getByText(/^Análise do professor em \d+ questões? \(\d+%\)$/).first()).toBeVisible()
  await apiCall(server.base, 'PATCH', `/admin/plan-catalog/lines/${line.id}`, server.admin, { min_count: 100 })
  await page.context().close()
})

test('a Pro professor’s header fits from 1280 px and at 320 px, and the dashboard leads to the desk', async ({
  browser,
  javaScriptEnabled,
}) => {
  const prof = await studentOn(server.base, server.admin, 'PRO')
  const me = await apiCall(server.base, 'GET', '/auth/me', prof.token)
  await apiCall(server.base, 'PUT', `/admin/users/${me.data.id}/professor`, server.admin, { is_professor: true })
  const page = await pageOn(browser, javaScriptEnabled)
  await signIn(page, prof, '/dashboard')
  for (const width of [1280, 1536, 390, 320]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/dashboard')
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(wide, `${width} px`).toBeLessThanOrEqual(0)
  }
  await page
    .getByRole('link', { name: /^Mesa do professor/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/professor$/)
  await page.context().close()
})

test('a student is turned away from the desk', async ({ browser, javaScriptEnabled }) => {
  const student = await studentOn(server.base, server.admin, 'PRO')
  const page = await pageOn(browser, javaScriptEnabled)
  await signIn(page, student, '/dashboard')
  await expect(page.getByRole('link', { name: 'Mesa do professor' })).toHaveCount(0)
  const res = await page.goto('/professor')
  expect(res?.status()).toBe(403)
  await page.context().close()
})
