import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'

import { answerFirstWrong, premiumStudent, registerViaApi, signIn } from './utils'

// The study assistant (issue 14) from the browser, JS on and off: a Premium student asks on
// /assistente and gets a reply that links to the demo bank's question on the subject; with JS
// the floating widget opens, sends, shows the typing indicator, then the reply; a Gratuito
// student has no widget and no link, and /assistente explains the plans. Fresh students each.

const QUESTION = 'Quais são os requisitos da usucapião especial urbana?'
const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The demo bank's question on usucapião especial urbana (fixtures/provas/simulado-gabarita-2024.txt, question 11). */
async function usucapiaoQuestion(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/v1/questions/search?search_term=${encodeURIComponent('usucapião especial urbana')}`, {
    headers: auth(token),
  })
  expect(res.status()).toBe(200)
  const [card] = (await res.json()).data as { id: number; discipline_name: string }[]
  expect(card.discipline_name).toBe('Direito Civil')
  return card.id
}

const widgetButton = (page: Page) => page.getByRole('button', { name: 'Assistente de estudos' })

test('a Premium student asks on /assistente and gets a link to the matching question', async ({ page, request }) => {
  const student = await premiumStudent(request)
  const questionId = await usucapiaoQuestion(request, student.token)
  await signIn(page, student, '/assistente')
  await expect(page).toHaveURL(/\/assistente$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Assistente de estudos' })).toBeVisible()
  await expect(page.getByTestId('chat-vazio')).toContainText('Nenhuma mensagem ainda.')
  // The header links to the page for plans with chat (shown from 1536 px on a desktop, in the menu on a phone).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Assistente', includeHidden: true }).first()).toBeAttached()

  await page.getByLabel('Sua pergunta').fill(QUESTION)
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page).toHaveURL(/\/assistente#ultima$/)
  const log = page.getByRole('log', { name: 'Mensagens da conversa' })
  await expect(log.getByTestId('chat-usuario')).toHaveText(new RegExp(QUESTION.replace('?', '\\?')))
  const reply = log.getByTestId('chat-assistente').last()
  await expect(reply).toContainText('usucapião especial urbana')
  const link = reply.getByRole('link', { name: /Direito Civil/ }).first()
  await expect(link).toHaveAttribute('href', `/questoes/${questionId}`)
  await expect(reply.getByRole('link', { name: 'Questões de Direitos Reais (Direito Civil)' })).toBeVisible()

  // Empty and too long messages: a Portuguese error, nothing sent.
  await page.getByLabel('Sua pergunta').fill('   ')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Escreva sua pergunta.')).toBeVisible()
  await expect(log.getByTestId('chat-usuario')).toHaveCount(1)

  await link.click()
  await expect(page).toHaveURL(new RegExp(`/questoes/${questionId}$`))
  await expect(page.getByText(/usucapião especial urbana/).first()).toBeVisible()
})

test('Limpar conversa asks first, then empties the history', async ({ page, request }) => {
  const student = await premiumStudent(request)
  await signIn(page, student, '/assistente')
  await page.getByLabel('Sua pergunta').fill('Olá')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByTestId('chat-assistente')).toContainText('programa automático (não uma pessoa)')
  await page.getByRole('link', { name: 'Limpar conversa' }).click()
  const confirm = page.getByRole('group', { name: 'Confirmar limpeza da conversa' })
  await confirm.getByRole('button', { name: 'Limpar conversa' }).click()
  await expect(page.getByRole('region', { name: 'Notificações' })).toContainText('Conversa apagada.')
  await expect(page.getByTestId('chat-vazio')).toBeVisible()
})

test('with JS the widget opens, sends, shows the typing indicator, then the reply; without JS there is no widget', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const student = await premiumStudent(request)
  await signIn(page, student, '/questoes')
  if (!javaScriptEnabled) {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(widgetButton(page)).toHaveCount(0)
    return
  }
  const questionId = await usucapiaoQuestion(request, student.token)
  const button = widgetButton(page)
  await expect(button).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await button.click()
  const panel = page.getByRole('dialog', { name: 'Assistente de estudos' })
  await expect(panel).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const box = panel.getByLabel('Sua pergunta')
  await expect(box).toBeFocused()
  await expect(panel.getByText('Por exemplo:')).toBeVisible()

  // The send is held until the indicator has been seen: on a loaded machine the indicator's
  // second can pass between two checks, and the test would miss what the student sees.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let heldSends = 0
  await page.route(
    (url) => url.pathname === '/assistente',
    async (route) => {
      if (route.request().method() === 'POST') {
        heldSends += 1
        await held
      }
      await route.fallback()
    },
  )
  await box.fill(QUESTION)
  const sentAt = Date.now()
  await panel.getByRole('button', { name: 'Enviar' }).click()
  const typing = panel.getByTestId('chat-digitando')
  await expect(typing).toBeVisible()
  await expect(typing).toContainText('Assistente digitando…')
  release()
  const reply = panel.getByTestId('chat-assistente')
  await expect(reply).toHaveCount(1)
  // The reply never shows before the indicator has run its second.
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000)
  expect(heldSends).toBe(1)
  await expect(typing).toHaveCount(0)
  await expect(reply.getByRole('link', { name: /Direito Civil/ }).first()).toHaveAttribute('href', `/questoes/${questionId}`)
  // The page did not change under the widget.
  await expect(page).toHaveURL(/\/questoes$/)

  // Escape closes and gives the focus back to the launcher; the history is there on reopening.
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(button).toBeFocused()
  await button.click()
  await expect(page.getByRole('dialog', { name: 'Assistente de estudos' }).getByTestId('chat-usuario')).toHaveText(/usucapião/)

  // The same conversation on the page.
  await page.goto('/assistente')
  await expect(page.getByTestId('chat-assistente')).toHaveCount(1)
  await expect(widgetButton(page)).toHaveCount(0)
})

test('a Gratuito student has no widget nor link, and /assistente explains the plans', async ({ page, request, javaScriptEnabled }) => {
  const student = await registerViaApi(request)
  await signIn(page, student, '/questoes')
  if (javaScriptEnabled) await page.waitForLoadState('networkidle')
  await expect(widgetButton(page)).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Assistente' })).toHaveCount(0)

  await page.goto('/assistente')
  const box = page.getByTestId('assistente-indisponivel')
  await expect(box.getByRole('heading', { name: 'O assistente faz parte dos planos Premium e Pro' })).toBeVisible()
  await expect(page.getByLabel('Sua pergunta')).toHaveCount(0)
  await box.getByRole('link', { name: 'Ver planos' }).click()
  await expect(page).toHaveURL(/\/planos$/)
})

test('a visitor is sent to log in first', async ({ page }) => {
  await page.goto('/assistente')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fassistente$/)
})

/**
 * What the launcher covers, scrolled from the top of the page to its end in half screens: the
 * visible controls (links, buttons, fields, labels, summaries) and the verdict whose box meets
 * the launcher's. Its own subtree aside.
 */
async function coveredByLauncher(page: Page) {
  return page.evaluate(async () => {
    const launcher = document.querySelector<HTMLElement>('[data-testid=assistente-botao]')!
    const found = new Set<string>()
    for (let y = 0; ; y += Math.floor(window.innerHeight / 2)) {
      const end = document.documentElement.scrollHeight
      window.scrollTo(0, Math.min(y, end))
      // Two frames, as a reader's scroll gets: a list lays its cards out as they near the screen
      // (content-visibility), so a card not yet drawn has its placeholder's height.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const b = launcher.getBoundingClientRect()
      // Covering happens on the screen: off it, a list's card not yet drawn is measured with its
      // content laid over its placeholder's height.
      if (b.bottom <= 0 || b.top >= window.innerHeight) {
        if (y >= end) break
        continue
      }
      for (const el of document.querySelectorAll<HTMLElement>(
        'a, button, input, select, textarea, summary, label, [data-testid=resposta], .recharts-wrapper',
      )) {
        if (launcher.contains(el) || el.contains(launcher) || el.closest('.sr-only')) continue
        const r = el.getBoundingClientRect()
        // Closed menus (a <details>' content) and hidden elements are not there to cover.
        if (!r.width || !r.height || !el.checkVisibility({ visibilityProperty: true })) continue
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
          found.add(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`)
      }
      if (y >= end) break
    }
    return [...found]
  })
}

for (const width of [390, 1280]) {
  test(`at ${width} px the launcher covers no control, no verdict, no chart`, async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the launcher exists with JS only')
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width < 1000 ? 844 : 800 })
    const student = await premiumStudent(request)
    await signIn(page, student, '/questoes')
    await answerFirstWrong(page)
    await expect(widgetButton(page)).toBeVisible()
    expect(await coveredByLauncher(page), '/questoes').toEqual([])
    for (const path of ['/dashboard', '/dashboard?aba=desempenho', '/contato']) {
      await page.goto(path)
      await expect(widgetButton(page)).toBeVisible()
      expect(await coveredByLauncher(page), path).toEqual([])
    }
  })
}
