import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { DEMO_ADMIN, loginViaPage, registerViaApi } from './utils'

// Explicações de alunos (issue 64), with JavaScript on and off: a Gratuito student who got a
// question right explains it from the one-line ask under the verdict; another Gratuito student
// who gets it wrong reads it under the verdict with the law it cites, marks it "Útil" and reports
// it; the admin hides it and it is gone. Fresh users and a random question per run: both projects
// run against one server.

const TEXT = 'A lei não prejudicará o direito adquirido, diz o art. 5º, XXXVI, da CF: por isso a resposta.'

/** A question of the demo bank with a key, picked at random, and its key (read by a third student). */
async function someQuestion(request: APIRequestContext) {
  const helper = await registerViaApi(request, { name: 'Ajudante' })
  const auth = { Authorization: `Bearer ${helper.token}` }
  const res = await request.get('/api/v1/questions/search?per_page=100&page=1', { headers: auth })
  const data = ((await res.json()).data as { id: number; short_id: string; annulled?: boolean }[]).filter((q) => !q.annulled)
  for (;;) {
    const question = data[Math.floor(Math.random() * data.length)]
    const reveal = await request.post(`/api/v1/questions/${question.id}/reveal`, { headers: auth })
    const key = (await reveal.json()).correct_answer as string | null
    if (key) return { ...question, key }
  }
}

async function switchUser(page: Page, credentials: { email: string; password: string }, redirectTo?: string) {
  await page.context().clearCookies()
  await loginViaPage(page, credentials, redirectTo)
}

test('a student who got it right explains it; one who got it wrong reads it, marks it Útil and reports it; the admin hides it', async ({
  page,
  request,
}, testInfo) => {
  // Three accounts, two answers, a vote, a report and the admin's desk: a minute on a busy machine.
  test.setTimeout(120_000)
  const js = testInfo.project.name === 'js-on'
  const tag = Math.random().toString(36).slice(2, 7)
  const ana = await registerViaApi(request, { name: `Ana ${tag}` })
  const bruno = await registerViaApi(request, { name: `Bruno ${tag}` })
  const question = await someQuestion(request)
  const list = `/questoes?q=${question.short_id}`

  // Ana (Gratuito) answers right: one line asks her, and nothing takes the focus from the answer.
  await loginViaPage(page, ana, list)
  let card = page.locator(`#questao-${question.id}`)
  await card.getByRole('radio', { name: new RegExp(`^${question.key}\\)`) }).check()
  await card.getByRole('button', { name: 'Responder', exact: true }).click()
  await expect(card.getByText('Você acertou!')).toBeVisible()
  const ask = card.getByTestId('pedir-explicacao')
  await expect(ask.getByText('Você acertou. Explique em uma frase para quem errou?')).toBeVisible()
  if (js) await expect(ask.getByRole('textbox')).not.toBeFocused()
  await ask.getByRole('textbox', { name: /Explique em uma frase para quem errou/ }).fill(TEXT)
  await ask.getByRole('button', { name: 'Enviar' }).click()
  if (js) await expect(card.getByTestId('explicacao-enviada')).toHaveText('Explicação publicada. Obrigado por ajudar quem errou!')
  else {
    await expect(page.getByText('Explicação publicada. Obrigado por ajudar quem errou!')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`revelada=${question.id}`))
    await expect(page.locator(`#questao-${question.id}`).getByTestId('pedir-explicacao')).toHaveCount(0)
  }

  // Bruno (Gratuito) answers wrong: Ana's explanation under the verdict, with the law it cites.
  await switchUser(page, bruno, list)
  card = page.locator(`#questao-${question.id}`)
  await card.getByRole('radio', { name: new RegExp(`^${question.key === 'A' ? 'B' : 'A'}\\)`) }).check()
  await card.getByRole('button', { name: 'Responder', exact: true }).click()
  await expect(card.getByText('Você errou.')).toBeVisible()
  const best = card.getByTestId('explicacao-aluno')
  await expect(best.getByRole('heading', { name: 'Explicação de aluno · ainda sem votos' })).toBeVisible()
  await expect(best.getByText(`Por Ana ${tag}`)).toBeVisible()
  await expect(best.getByText(TEXT)).toBeVisible()
  await expect(best.getByTestId('legislacao-citada')).toContainText('CF/1988')
  await best.getByRole('link', { name: /Votar ou denunciar|Ver as \d+ explicações/ }).click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${question.id}/explicacoes`))
  await expect(page.getByRole('heading', { level: 1, name: 'Explicações de alunos' })).toBeVisible()

  const hers = page.getByRole('article', { name: `Explicação de Ana ${tag}` })
  await hers.getByRole('button', { name: 'Útil', exact: true }).click()
  await expect(hers.getByRole('button', { name: 'Útil ✓ (desfazer)' })).toBeVisible()
  await expect(hers.getByText(/1 achou útil/)).toBeVisible()
  await hers.getByText('Denunciar', { exact: true }).click()
  await hers.getByLabel('Motivo da denúncia').fill('Copiou de um site sem dizer.')
  await hers.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByRole('article', { name: `Explicação de Ana ${tag}` }).getByText('Você denunciou esta explicação.')).toBeVisible()

  // The admin hides it from the queue; Bruno no longer sees it.
  await switchUser(page, DEMO_ADMIN, '/admin/explicacoes?filtro=flagged')
  const queued = page.getByRole('article', { name: `Explicação de Ana ${tag}` })
  await expect(queued.getByText('1 denúncia')).toBeVisible()
  await expect(queued.getByText('Copiou de um site sem dizer.', { exact: false })).toBeVisible()
  await queued.getByRole('button', { name: 'Ocultar' }).click()
  await expect(page.getByText('Explicação ocultada')).toBeVisible()
  await page.goto('/admin/explicacoes?filtro=hidden')
  await expect(page.getByRole('article', { name: `Explicação de Ana ${tag}` }).getByText('Oculta', { exact: true })).toBeVisible()
  await switchUser(page, bruno, `/questoes/${question.id}/explicacoes`)
  await expect(page.getByRole('article', { name: `Explicação de Ana ${tag}` })).toHaveCount(0)

  // Ana still sees hers, marked, and may delete it (a confirmation, no browser dialog).
  await switchUser(page, ana, `/questoes/${question.id}/explicacoes`)
  const mine = page.getByTestId('minha-explicacao')
  await expect(mine.getByText('Ocultada pela moderação: os colegas não a veem.')).toBeVisible()
  await mine.getByRole('link', { name: 'Excluir a minha explicação' }).click()
  await page.getByRole('button', { name: 'Confirmar exclusão' }).click()
  await expect(page.getByText('Explicação excluída.')).toBeVisible()
  await expect(page.getByTestId('minha-explicacao')).toHaveCount(0)
})
