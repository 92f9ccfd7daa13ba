import { expect, test } from '@playwright/test'

import { RENDERING } from './utils'

const CONTACT_SUCCESS = 'Mensagem enviada com sucesso! Entraremos em contato em breve.'

test('landing shows the tagline and the OAB promo leading to /questoes', RENDERING, async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sua aprovação é nossa meta')
  const promo = page.locator('section', { has: page.getByRole('heading', { name: 'Prepare-se para a OAB' }) })
  await expect(promo).toBeVisible()
  await expect(promo.getByRole('link', { name: 'Praticar questões da OAB' })).toHaveAttribute('href', '/questoes')
  await expect(page.getByRole('link', { name: 'Cadastrar Grátis' }).first()).toBeVisible()
})

test('an unknown path answers 404 with a link home', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
  await page.getByRole('link', { name: 'Voltar para o início' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the theme switch sets the theme on the server-rendered page', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/system/)
  // The cookie is set by the POST (a navigation without JS, a fetcher with it):
  // wait for its answer, not for a load state that may already have been reached.
  const posted = page.waitForResponse((r) => r.url().includes('/resources/theme') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Tema escuro' }).first().click()
  expect(await (await posted).headerValue('set-cookie')).toMatch(/^gabarita-theme=/)
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
})

test('/planos shows the four plans with their prices, Premium as most popular, and the FAQ', RENDERING, async ({ page }) => {
  await page.goto('/planos')
  const cards = page.getByTestId('plan-card')
  await expect(cards).toHaveCount(4)
  // The catalogue's lines (issue 28): only what the software does; the exact lists are the API's tests.
  // The analysis line states the bank's coverage (issue 40): analysis-claims.spec.ts checks it.
  const expected = [
    {
      name: 'Gratuito',
      price: /R\$\s*0,00/,
      lines: ['Direito a questões: 5 por semana', 'Caderno personalizado: até 2 cadernos'],
    },
    {
      name: 'Básico',
      price: /R\$\s*20,00/,
      lines: ['Direito a questões: Ilimitado', 'Caderno personalizado: até 10 cadernos'],
    },
    {
      name: 'Premium',
      price: /R\$\s*35,00/,
      lines: ['Caderno personalizado: até 50 cadernos', 'Chatbot especializado', 'Sem anúncios', 'Simulados personalizados'],
    },
    {
      name: 'Pro',
      price: /R\$\s*50,00/,
      lines: [
        'Caderno personalizado: cadernos ilimitados',
        'Chatbot especializado',
        'Simulados personalizados',
        'Plano de estudos até a prova',
      ],
    },
  ]
  for (const [index, plan] of expected.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(plan.name)
    await expect(card).toContainText(plan.price)
    await expect(card).toContainText('/mês')
    for (const line of plan.lines) await expect(card.getByRole('list').getByRole('listitem').filter({ hasText: line })).toHaveCount(1)
  }
  // Built since (issues 29 and 30): the simulados on Premium and Pro, the daily review on every plan.
  await expect(cards.getByText('Revisão diária das questões')).toHaveCount(4)
  await expect(cards.nth(1)).not.toContainText('Simulados personalizados')
  for (const unbuilt of ['Garantia de aprovação', 'Mentoria personalizada', 'IA avançada'])
    await expect(page.getByText(unbuilt)).toHaveCount(0)
  // Only Premium carries the badge.
  await expect(page.getByText('Mais popular')).toHaveCount(1)
  await expect(cards.nth(2)).toContainText('Mais popular')
  // Visitors are sent to sign up, and then on to /trocar-plano with the plan chosen.
  await expect(cards.nth(2).getByRole('link', { name: 'Assinar o Premium' })).toHaveAttribute(
    'href',
    `/cadastrar?${new URLSearchParams({ redirectTo: '/trocar-plano?plano=PREMIUM' })}`,
  )

  // FAQ answers are <details>: closed at first, opened by a click without JS.
  const cancel = page.locator('details', { hasText: 'Posso cancelar a qualquer momento?' })
  await expect(cancel.getByText(/sem multa nem taxa de cancelamento/)).toBeHidden()
  await cancel.locator('summary').click()
  await expect(cancel.getByText(/sem multa nem taxa de cancelamento/)).toBeVisible()
  await expect(page.getByRole('main').locator('details summary')).toHaveText([
    'Posso cancelar a qualquer momento?',
    'Qual é a taxa de aprovação dos alunos?',
    'Posso trocar de plano depois?',
  ])
  await page.locator('details', { hasText: 'taxa de aprovação' }).locator('summary').click()
  await expect(page.getByText(/Ainda não publicamos uma taxa de aprovação/)).toBeVisible()
})

test('/contato sends a valid message, shows the success text and an empty form', async ({ page }) => {
  await page.goto('/contato')
  await expect(page.getByText('contato@gabarita.app')).toBeVisible()
  await expect(page.getByText('Segunda a sexta, das 9h às 18h')).toBeVisible()
  await expect(page.getByRole('main').locator('details summary')).toHaveText([
    'Como funciona a plataforma?',
    'Posso cancelar minha assinatura?',
  ])

  const main = page.getByRole('main')
  await main.getByLabel('Nome', { exact: true }).fill('Maria Souza')
  await main.getByLabel('Email', { exact: true }).fill('maria.souza@example.com')
  await main.getByLabel('Assunto', { exact: true }).fill('Dúvida sobre o plano Básico')
  await main.getByLabel('Mensagem', { exact: true }).fill('O plano Básico inclui as explicações dos professores?')
  await main.getByRole('button', { name: 'Enviar mensagem' }).click()

  await expect(page).toHaveURL(/\/contato\?enviado=1$/)
  // Said once, by the toast (toasts.spec.ts covers its fade and close).
  await expect(page.getByRole('region', { name: 'Notificações' }).getByRole('status')).toHaveText(CONTACT_SUCCESS)
  await expect(page.getByText(CONTACT_SUCCESS)).toHaveCount(1)
  await expect(main.getByText(CONTACT_SUCCESS)).toHaveCount(0)
  for (const label of ['Nome', 'Email', 'Assunto', 'Mensagem']) {
    await expect(main.getByLabel(label, { exact: true })).toHaveValue('')
  }
})

test('/contato refuses a blank subject, says why and keeps what was typed', async ({ page }) => {
  await page.goto('/contato')
  const main = page.getByRole('main')
  await main.getByLabel('Nome', { exact: true }).fill('João Lima')
  await main.getByLabel('Email', { exact: true }).fill('joao@example.com')
  // Spaces pass the browser's `required` (so the no-JS POST happens) but not our schema.
  await main.getByLabel('Assunto', { exact: true }).fill('   ')
  await main.getByLabel('Mensagem', { exact: true }).fill('Minha mensagem')
  await main.getByRole('button', { name: 'Enviar mensagem' }).click()

  await expect(main.getByText('Informe o assunto')).toBeVisible()
  await expect(main.getByLabel('Assunto', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByText(CONTACT_SUCCESS)).toHaveCount(0)
  await expect(main.getByLabel('Nome', { exact: true })).toHaveValue('João Lima')
  await expect(main.getByLabel('Email', { exact: true })).toHaveValue('joao@example.com')
  await expect(main.getByLabel('Mensagem', { exact: true })).toHaveValue('Minha mensagem')
})

test('/contato has a honeypot people are told to leave empty, out of the tab order', RENDERING, async ({ page }) => {
  await page.goto('/contato')
  const honeypot = page.locator('input[name="website"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).toHaveAttribute('autocomplete', 'off')
  await expect(page.getByLabel(/Deixe este campo em branco/)).toHaveCount(1)
  // Off-screen: not where anyone would click.
  const box = await honeypot.boundingBox()
  expect(box === null || box.x + box.width < 0).toBe(true)
})

test('/termos has two tabs, each with its own URL', async ({ page }) => {
  await page.goto('/termos')
  const tabs = page.getByRole('navigation', { name: 'Documentos' })
  await expect(tabs.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 2, name: 'Termos de Uso' })).toBeVisible()
  for (const title of [
    'Aceitação dos termos',
    'Descrição do serviço',
    'Conta de usuário',
    'Pagamentos e renovação automática',
    'Propriedade intelectual',
    'Limitação de responsabilidade',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(title) })).toBeVisible()
  }

  await tabs.getByRole('link', { name: 'Política de Privacidade' }).click()
  await expect(page).toHaveURL(/\/termos\?aba=privacidade$/)
  await expect(tabs.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('aria-current', 'page')
  await expect(tabs.getByRole('link', { name: 'Termos de Uso' })).not.toHaveAttribute('aria-current', 'page')
  for (const title of [
    'Dados que coletamos',
    'Como usamos os dados',
    'Compartilhamento',
    'Cookies',
    'Segurança',
    'Seus direitos \\(LGPD\\)',
    'Contato de privacidade',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(title) })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 3, name: /Aceitação dos termos/ })).toHaveCount(0)

  // A direct link opens the same tab.
  await page.goto('/termos?aba=privacidade')
  await expect(page.getByRole('heading', { level: 2, name: 'Política de Privacidade' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the header menu opens without JavaScript and leads to the pages', async ({ page }) => {
    await page.goto('/')
    const mobileNav = page.getByRole('navigation', { name: 'Menu móvel' })
    await expect(mobileNav).toBeHidden()
    await page.locator('header summary').click()
    await expect(mobileNav).toBeVisible()
    await expect(mobileNav.getByText('Destaque')).toBeVisible()
    await mobileNav.getByRole('link', { name: 'Planos' }).click()
    await expect(page).toHaveURL(/\/planos$/)
    await expect(page.getByTestId('plan-card')).toHaveCount(4)
  })
})

test('the footer links to contact and terms and shows the build', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByTestId('version-info')).toContainText(/v\d+\.\d+\.\d+/)
  await footer.getByRole('link', { name: 'Termos e Privacidade' }).click()
  await expect(page).toHaveURL(/\/termos$/)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contato' }).click()
  await expect(page).toHaveURL(/\/contato$/)
})

test('three clicks on the logo show the build, its dates written by the server as the footer writes them', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the version panel is a JavaScript easter egg')
  await page.goto('/contato')
  await page.waitForLoadState('networkidle')
  const footer = await page.getByTestId('version-info').textContent()
  const built = footer!.match(/build (.+)$/)![1]!.trim()
  const logo = page.getByRole('banner').getByRole('link', { name: 'Gabarita' })
  await logo.click()
  await logo.click()
  await logo.click()
  const panel = page.getByRole('dialog', { name: 'Versão do Gabarita' })
  await expect(panel).toBeVisible()
  await expect(panel).toContainText(`Build${built}`)
})
