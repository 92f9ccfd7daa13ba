import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import axeCore from 'axe-core'

import { adminToken, answerFirstWrong, DEMO_ADMIN, premiumStudent, registerViaApi, signIn, studiedQuestion } from './utils'

// Issue 27: no page state scrolls sideways at 320, 360 or 390 px, with JS and without.
// Issue 15: axe-core (WCAG 2.x A/AA, 2.2 AA) over every page of the product, at desktop and phone
// sizes, in the light and the dark theme, with the dialogs open where a page has them; any
// serious or critical finding fails. axe runs inside the page, so the js-on project runs it;
// the page as a browser without JS gets it (dialogs as page sections, plain <details> menus) is
// checked too, as its server HTML without scripts. A state that changes one part of a page (a
// tool's dialog over the list, a revealed card, an open menu) has axe analyse that part: the rest
// is the state it was opened from, analysed on its own.
//
// A new page joins with one line in PAGES.

type Role = 'anonymous' | 'student' | 'premium' | 'pro' | 'admin'
type Fixture = { questionId: number; notebookId: number; userId: string; contactId: number; simulationId: number; resultId: number }
type PageState = {
  name: string
  as: Role
  path: string | ((f: Fixture) => string)
  /** Brings the page to the state; when it returns a locator, that element is all the state changes. */
  open?: (page: Page) => Promise<Locator | unknown>
  /**
   * The part of the page this state changes (a question tool's dialog over the list, or its
   * section without JS): axe analyses that part only, since the rest is the list state checked
   * on its own ('questões'). The sideways-scroll check still reads the whole page.
   */
  scope?: string
}

/** A question tool over the list: the dialog with JS, the section at the top without. */
const TOOL = '[role="dialog"][aria-modal="true"], #ferramenta'

const PAGES: PageState[] = [
  { name: 'início', as: 'anonymous', path: '/' },
  { name: 'planos', as: 'anonymous', path: '/planos' },
  { name: 'contato', as: 'anonymous', path: '/contato' },
  { name: 'termos', as: 'anonymous', path: '/termos' },
  { name: 'privacidade', as: 'anonymous', path: '/termos?aba=privacidade' },
  { name: 'login', as: 'anonymous', path: '/login' },
  { name: 'login com erro', as: 'anonymous', path: '/login', open: wrongPassword },
  { name: 'cadastro', as: 'anonymous', path: '/cadastrar' },
  { name: 'esqueci a senha', as: 'anonymous', path: '/esqueci-senha' },
  { name: 'página inexistente', as: 'anonymous', path: '/nao-existe' },
  { name: 'questões (visitante)', as: 'anonymous', path: '/questoes' },
  { name: 'questão permanente', as: 'anonymous', path: (f) => `/questoes/${f.questionId}` },
  { name: 'login da admin', as: 'anonymous', path: '/admin/login' },
  { name: 'questões', as: 'student', path: '/questoes' },
  { name: 'questões com menu aberto', as: 'student', path: '/questoes', open: openMenu },
  { name: 'resposta revelada', as: 'student', path: '/questoes', open: revealFirst },
  { name: 'questão respondida (errada)', as: 'student', path: '/questoes', open: answerFirstWrong },
  { name: 'resolver uma por vez', as: 'student', path: '/questoes/resolver?anuladas=excluir&pos=1' },
  { name: 'resolver: resposta', as: 'student', path: '/questoes/resolver?anuladas=excluir&pos=2', open: answerShown },
  { name: 'resolver: resumo', as: 'student', path: '/questoes/resolver?pos=10000&desde=2020-01-01T00:00:00.000Z&feitas=1.2' },
  { name: 'anotações', as: 'student', path: (f) => `/questoes/${f.questionId}/anotacoes`, scope: TOOL },
  { name: 'cadernos da questão', as: 'student', path: (f) => `/questoes/${f.questionId}/cadernos`, scope: TOOL },
  { name: 'discussões', as: 'student', path: (f) => `/questoes/${f.questionId}/discussoes`, scope: TOOL },
  // A Premium student may post: the 'Novo Tópico' button and the topic forms are on the page.
  { name: 'discussões (Premium)', as: 'premium', path: (f) => `/questoes/${f.questionId}/discussoes`, scope: TOOL },
  { name: 'desempenho', as: 'student', path: (f) => `/questoes/${f.questionId}/desempenho`, scope: TOOL },
  { name: 'análise', as: 'student', path: (f) => `/questoes/${f.questionId}/analise`, scope: TOOL },
  { name: 'vídeo', as: 'student', path: (f) => `/questoes/${f.questionId}/video`, scope: TOOL },
  { name: 'detalhes', as: 'student', path: (f) => `/questoes/${f.questionId}/detalhes`, scope: TOOL },
  { name: 'reportar erro', as: 'student', path: (f) => `/questoes/${f.questionId}/reportar` },
  { name: 'explicações de alunos', as: 'student', path: (f) => `/questoes/${f.questionId}/explicacoes` },
  { name: 'caderno', as: 'student', path: (f) => `/notebook/${f.notebookId}/questions` },
  { name: 'painel', as: 'student', path: '/dashboard' },
  { name: 'painel: cadernos', as: 'student', path: '/dashboard?aba=cadernos' },
  { name: 'painel: desempenho', as: 'student', path: '/dashboard?aba=desempenho' },
  { name: 'painel: comentários', as: 'student', path: '/dashboard?aba=comentarios' },
  { name: 'painel: fórum', as: 'student', path: '/dashboard?aba=forum' },
  { name: 'painel: configurações', as: 'student', path: '/dashboard?aba=configuracoes' },
  { name: 'plano de estudos (Gratuito: recusado)', as: 'student', path: '/plano-de-estudos' },
  { name: 'plano de estudos (Pro, com as metas)', as: 'pro', path: '/plano-de-estudos' },
  { name: 'assistente (plano sem chat)', as: 'student', path: '/assistente' },
  { name: 'assistente com conversa', as: 'premium', path: '/assistente' },
  { name: 'assistente: confirmar limpeza', as: 'premium', path: '/assistente?limpar=1' },
  { name: 'assistente: janela flutuante', as: 'premium', path: '/dashboard', open: openChatWidget },
  { name: 'revisão', as: 'student', path: '/revisao' },
  { name: 'simulados', as: 'pro', path: '/simulados' },
  { name: 'simulado em andamento', as: 'pro', path: (f) => `/simulados/${f.simulationId}` },
  { name: 'entregar simulado', as: 'pro', path: (f) => `/simulados/${f.simulationId}/entregar` },
  { name: 'resultado do simulado', as: 'admin', path: (f) => `/simulados/${f.resultId}/resultado` },
  { name: 'ranking', as: 'student', path: '/ranking' },
  { name: 'excluir conta', as: 'student', path: '/minha-conta/excluir' },
  { name: 'mascote', as: 'student', path: '/dashboard/mascote' },
  { name: 'editar perfil', as: 'student', path: '/editar-perfil' },
  { name: 'trocar plano', as: 'student', path: '/trocar-plano' },
  { name: 'confirmar plano', as: 'student', path: '/trocar-plano/confirmar?plano=PREMIUM' },
  { name: 'pagamentos e recibos', as: 'student', path: '/minha-conta/recibos' },
  { name: 'admin', as: 'admin', path: '/admin' },
  { name: 'admin disciplinas', as: 'admin', path: '/admin/disciplinas' },
  { name: 'admin provas', as: 'admin', path: '/admin/provas' },
  { name: 'admin classificação', as: 'admin', path: '/admin/classificacao' },
  { name: 'admin classificação de assuntos', as: 'admin', path: '/admin/classificacao/assuntos' },
  { name: 'admin erros', as: 'admin', path: '/admin/erros' },
  { name: 'admin contato', as: 'admin', path: '/admin/contato' },
  { name: 'admin mensagem de contato', as: 'admin', path: (f) => `/admin/contato/${f.contactId}` },
  { name: 'admin fórum', as: 'admin', path: '/admin/forum' },
  { name: 'admin explicações de alunos', as: 'admin', path: '/admin/explicacoes' },
  { name: 'admin planos', as: 'admin', path: '/admin/planos' },
  { name: 'admin assinaturas', as: 'admin', path: '/admin/assinaturas' },
  { name: 'admin usuários', as: 'admin', path: '/admin/usuarios?q=aluno' },
  { name: 'admin usuário', as: 'admin', path: (f) => `/admin/usuarios/${f.userId}` },
  { name: 'admin recursos', as: 'admin', path: '/admin/recursos' },
  { name: 'admin simulados', as: 'admin', path: '/admin/simulados' },
  { name: 'admin análises', as: 'admin', path: '/admin/analises' },
  { name: 'mesa do professor', as: 'admin', path: '/professor' },
  { name: 'mesa: editor da análise', as: 'admin', path: (f) => `/professor/questoes/${f.questionId}` },
  { name: 'mesa: pré-visualização', as: 'admin', path: (f) => `/professor/questoes/${f.questionId}`, open: previewAnalysis },
]

// What a variant can change decides what axe checks in it: the width changes which elements show
// (menus, folded panels), so every rule runs at both widths in the light theme; the theme changes
// colours only, so the dark variants run the rules that read colours.
const VARIANTS = [
  { label: '1280×800 claro', width: 1280, height: 800, theme: 'light', rules: 'all' },
  { label: '390×844 claro', width: 390, height: 844, theme: 'light', rules: 'all' },
  { label: '1280×800 escuro', width: 1280, height: 800, theme: 'dark', rules: 'colours' },
  { label: '390×844 escuro', width: 390, height: 844, theme: 'dark', rules: 'colours' },
] as const

/** The phone widths no page may scroll sideways at (issue 27). */
const PHONE_WIDTHS = [320, 360, 390]

/** The phone widths at which the page is wider than the screen, with what sticks out. */
async function sidewaysScroll(page: Page) {
  const found: string[] = []
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    // Charts resize on a ResizeObserver a moment after the viewport: give the layout up to 2 s to
    // settle before reading it (a page still wider after that is wide).
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, null, { timeout: 2_000 })
      .catch(() => undefined)
    const wide = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth
      if (document.documentElement.scrollWidth <= limit) return null
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > limit + 1)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= limit + 1)
        .slice(0, 3)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').slice(0, 2).join('.')}` : ''}`,
        )
      return `${document.documentElement.scrollWidth}px (${culprits.join(', ')})`
    })
    if (wide) found.push(`${width}px: ${wide}`)
  }
  return found
}

// Without JS the DOM differs where a dialog becomes a page section or a menu stays a plain
// <details>: every rule, at the two extremes (wide and light, narrow and dark).
const NO_JS_VARIANTS = [VARIANTS[0], { ...VARIANTS[3], rules: 'all' }] as const

/** The rules whose outcome depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Runs axe-core in the page, injected once per document: @axe-core/playwright injects its 500 KB
 * twice per analysis and finishes each in a new blank page, which cost more than the rules on
 * small pages (ADR 048). The pages have no frames of their own to follow.
 */
async function runAxe(page: Page, rules: 'all' | 'colours', scope?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source)
  // A list lays out only the cards near the screen (content-visibility, issue 41); the rest stay in
  // the accessibility tree, but axe measures sizes and colours by layout and hit testing: every card
  // is drawn for it, as a reader scrolling by gets it.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.qcl > li').forEach((li) => (li.style.contentVisibility = 'visible')))
  return page.evaluate(
    ({ include, runOnly }) =>
      (window as unknown as { axe: typeof axeCore }).axe.run(include ? { include: [include] } : document, {
        runOnly,
        // Only violations are read: axe then skips collecting every passing node.
        resultTypes: ['violations'],
      }),
    {
      include: scope,
      runOnly: rules === 'all' ? { type: 'tag' as const, values: TAGS } : { type: 'rule' as const, values: COLOUR_RULES },
    },
  )
}

async function wrongPassword(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill('ninguem@teste.gabarita')
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-1')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible()
}

async function previewAnalysis(page: Page) {
  await page.getByLabel('Análise', { exact: true }).fill('Rascunho com o <n>art. 5º da CF</n>.')
  await page.getByRole('button', { name: 'Pré-visualizar' }).click()
  return page.getByTestId('previa')
}

async function openMenu(page: Page) {
  // Shown only on narrow screens (lg:hidden): opened here, checked at the phone sizes.
  const menu = page.getByTestId('menu-celular')
  await menu.evaluate((menu: HTMLDetailsElement) => (menu.open = true))
  return menu
}

async function openChatWidget(page: Page) {
  await page.getByRole('button', { name: 'Assistente de estudos' }).click()
  // The history arrives through a fetcher: checked with the conversation in it.
  const widget = page.getByRole('dialog', { name: 'Assistente de estudos' })
  await expect(widget.getByTestId('chat-usuario').first()).toBeVisible()
  return widget
}

async function revealFirst(page: Page) {
  const card = page.locator('article[id^="questao-"]').first()
  await card.getByRole('button', { name: 'Ver Resposta' }).click()
  await expect(card.getByText(/Gabarito: [A-E]|Questão Anulada/).first()).toBeVisible()
  return card
}

/** The resolver's question answered with its first alternative: a result, right or wrong. */
async function answerShown(page: Page) {
  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Responder' }).click()
  await expect(page.getByTestId('resposta')).toBeVisible()
}

/**
 * The theme is the <html> class the server renders from its cookie (light, dark, system):
 * switching the class in place re-styles the page exactly as a reload with the cookie would,
 * at a quarter of the cost.
 */
async function setTheme(page: Page, theme: string) {
  await page.evaluate((t) => {
    document.documentElement.className = t
  }, theme)
  // Colour transitions (buttons, links) would be measured halfway: wait for them to end.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'))
}

/**
 * What assistive technology and axe's rules read of a page, at the two widths: its accessibility
 * tree (roles, names, states, the visible text). Two renders with the same trees and the same
 * stylesheet cannot give axe different answers; markup nobody can perceive (a closed dialog, a
 * hidden input) is not in them.
 */
async function accessibleTrees(page: Page) {
  const trees: string[] = []
  for (const { width, height } of [VARIANTS[0], VARIANTS[1]]) {
    await page.setViewportSize({ width, height })
    trees.push(await page.locator('body').ariaSnapshot())
  }
  return trees.join('\n---\n')
}

async function signedInState(browser: Browser, baseURL: string, credentials: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, credentials)
  const state = await context.storageState()
  await context.close()
  return state
}

/** `sitterToken`: who sits the open simulado (not the tools' student: an open simulado closes its questions' tools, issue 37). */
async function makeFixture(request: APIRequestContext, sitterToken: string) {
  const student = await registerViaApi(request, { name: 'Aline Acessível' })
  const { questionId, notebookId } = await studiedQuestion(request, student.token)
  const me = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${student.token}` } })
  const userId = (await me.json()).data.id as string
  // A contact message for the admin's queue and its reply form.
  const subject = `Acessibilidade ${Math.random().toString(36).slice(2, 8)}`
  const contact = await request.post('/api/v1/contact', { data: { name: 'Aline', email: 'aline@example.com', subject, message: 'Olá!' } })
  expect(contact.status(), await contact.text()).toBe(201)
  const queue = await request.get('/api/v1/admin/contact-messages', { headers: { Authorization: `Bearer ${await adminToken(request)}` } })
  const contactId = ((await queue.json()).data as { id: number; subject: string }[]).find((m) => m.subject === subject)!.id
  const { simulationId, resultId } = await simulations(request, sitterToken)
  return { student, fixture: { questionId, notebookId, userId, contactId, simulationId, resultId } }
}

/**
 * A past exam the student is sitting (one answer, one mark), and a finished 5-question simulado of
 * the admin's (answers, blanks and the review with its keys).
 */
async function simulations(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` }
  const exams = (await (await request.get('/api/v1/exams', { headers: auth })).json()).exams as { id: number; complete: boolean }[]
  const started = await request.post('/api/v1/simulations', {
    headers: auth,
    data: { kind: 'prova_anterior', exam_id: exams.find((e) => e.complete)!.id },
  })
  expect(started.status(), await started.text()).toBe(201)
  const simulationId = (await started.json()).simulation.id as number
  const sitting = await (await request.get(`/api/v1/simulations/${simulationId}`, { headers: auth })).json()
  const first = sitting.question.question_id as number
  expect(
    (
      await request.put(`/api/v1/simulations/${simulationId}/answers/${first}`, { headers: auth, data: { choice: 'A', marked: true } })
    ).ok(),
  ).toBe(true)

  const admin = { Authorization: `Bearer ${await adminToken(request)}` }
  const made = await request.post('/api/v1/simulations', { headers: admin, data: { kind: 'personalizado', size: 5 } })
  expect(made.status(), await made.text()).toBe(201)
  const resultId = (await made.json()).simulation.id as number
  const sheet = (await (await request.get(`/api/v1/simulations/${resultId}`, { headers: admin })).json()).sheet as { question_id: number }[]
  for (const cell of sheet.slice(0, 3))
    expect(
      (await request.put(`/api/v1/simulations/${resultId}/answers/${cell.question_id}`, { headers: admin, data: { choice: 'B' } })).ok(),
    ).toBe(true)
  expect((await request.post(`/api/v1/simulations/${resultId}/finish`, { headers: admin })).ok()).toBe(true)
  return { simulationId, resultId }
}

/** A Pro student with answers and a study plan, so that /plano-de-estudos shows its targets (issue 30). */
async function plannedStudent(request: APIRequestContext) {
  const student = await premiumStudent(request, { name: 'Pedro Pro' }, 'PRO')
  await studiedQuestion(request, student.token)
  const examDate = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
  const saved = await request.put('/api/v1/study-plan', {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { exam_date: examDate, hours_per_week: 12 },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return student
}

/** A Premium student (the assistant is a paid feature) with one question and its reply in the history. */
async function chattingStudent(request: APIRequestContext) {
  const student = await premiumStudent(request, { name: 'Paula Premium' })
  const sent = await request.post('/api/v1/chat/messages', {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { content: 'usucapião em direito civil' },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  return student
}

// The sweep is the suite's longest file: its page states are spread over the workers (each
// worker makes its own fixture and sessions in beforeAll).
test.describe.configure({ mode: 'parallel' })

let fixture: Fixture
const states = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>> | undefined>()

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'axe needs scripts in the page: the no-JS HTML is checked from js-on')

test.beforeAll(async ({ browser, request, baseURL }) => {
  const premium = await chattingStudent(request)
  // The Pro student sits the open simulado: they open no question's tools, which it would close.
  const pro = await plannedStudent(request)
  const made = await makeFixture(request, pro.token)
  fixture = made.fixture
  states.set('anonymous', undefined)
  states.set('student', await signedInState(browser, baseURL!, made.student))
  states.set('premium', await signedInState(browser, baseURL!, premium))
  states.set('pro', await signedInState(browser, baseURL!, pro))
  states.set('admin', await signedInState(browser, baseURL!, DEMO_ADMIN))
})

for (const state of PAGES) {
  test(`axe: ${state.name}`, async ({ browser, baseURL }) => {
    // Six axe runs over a page of 20 cards: minutes on a loaded CI machine, not seconds.
    test.setTimeout(180_000)
    const context = await browser.newContext({ baseURL, storageState: states.get(state.as) })
    const page = await context.newPage()
    const path = typeof state.path === 'function' ? state.path(fixture) : state.path
    const problems: string[] = []
    try {
      type Variant = { label: string; width: number; height: number; theme: string; rules: 'all' | 'colours' }
      let scope = state.scope
      let analysed = 0
      const check = async (variants: readonly Variant[], label: string) => {
        for (const variant of variants) {
          await page.setViewportSize({ width: variant.width, height: variant.height })
          // A part shown at one width only (the phone menu) has nothing to analyse at the other.
          if (scope && (await page.locator(scope).filter({ visible: true }).count()) === 0) continue
          await setTheme(page, variant.theme)
          const results = await runAxe(page, variant.rules, scope)
          analysed += 1
          for (const v of results.violations) {
            if (v.impact !== 'serious' && v.impact !== 'critical') continue
            problems.push(
              `[${label}${variant.label}] ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
            )
          }
        }
      }
      await page.setViewportSize({ width: VARIANTS[0].width, height: VARIANTS[0].height })
      await page.goto(path)
      const hydrated = state.open ? '' : await accessibleTrees(page)
      if (state.open) {
        const changed = await state.open(page)
        if (changed && typeof changed === 'object' && 'evaluate' in changed) {
          await (changed as Locator).evaluate((el) => el.setAttribute('data-axe-escopo', ''))
          scope = '[data-axe-escopo]'
        }
      }
      await check(VARIANTS, '')
      if (analysed === 0) problems.push(`nada analisado: ${scope} não está visível em nenhuma largura`)
      for (const wide of await sidewaysScroll(page)) problems.push(`[rolagem lateral] ${wide}`)
      if (!state.open) {
        // The same URL as a browser without JS receives it: the server's HTML, scripts removed.
        // Where its accessibility tree is the one just checked (nothing swapped at hydration), the
        // rules cannot answer differently.
        const html = await (await context.request.get(path)).text()
        await page.setContent(html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace('<head>', `<head><base href="${baseURL}/">`))
        if ((await accessibleTrees(page)) !== hydrated) await check(NO_JS_VARIANTS, 'sem JS, ')
        for (const wide of await sidewaysScroll(page)) problems.push(`[sem JS, rolagem lateral] ${wide}`)
      }
    } finally {
      await context.close()
    }
    expect(problems, `${path}\n${problems.join('\n')}`).toEqual([])
  })
}
