import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'
import axeCore from 'axe-core'

import { hydrated, premiumStudent, RENDERING, signIn, studiedQuestion } from './utils'

// Issue 61: a 390 px phone at 200% zoom is a 195 CSS px wide screen (WCAG 1.4.10, reflow). No
// student page scrolls sideways there, the header's menu button is on screen and opens, and no
// target is left under 24 × 24 px (WCAG 2.5.8). Issue 66: at 320, 360 and 390 px nothing on a
// student page moves when it hydrates: what JavaScript adds has its room in the server's HTML.

const ZOOMED_PHONE = { width: 195, height: 422 }

const STUDENT_PAGES = [
  '/',
  '/questoes',
  '/questoes/resolver',
  '/revisao',
  '/simulados',
  '/dashboard',
  '/planos',
  '/estudar-offline',
  '/editar-perfil',
]

test(
  'a 390 px phone at 200% zoom: no student page scrolls sideways and the menu button is on screen',
  RENDERING,
  async ({ page, request }) => {
    test.setTimeout(120_000)
    // A Pro student with a notebook, a note and an answer: the pages render full (Simulados is Pro).
    const student = await premiumStudent(request, { name: 'Zélia Zoom' }, 'PRO')
    await studiedQuestion(request, student.token)
    await signIn(page, student)
    await page.setViewportSize(ZOOMED_PHONE)
    const problems: string[] = []
    for (const path of STUDENT_PAGES) {
      await page.goto(path)
      const sideways = await page.evaluate(() => {
        const limit = window.innerWidth
        if (document.documentElement.scrollWidth <= limit) return null
        const wide = [...document.body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > limit + 1)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`)
        return `${document.documentElement.scrollWidth}px > ${limit}px (${wide.join(', ')})`
      })
      if (sideways) problems.push(`${path}: rolagem lateral ${sideways}`)

      // The header's menu button (a <summary>, named 'Abrir menu').
      const box = await page.getByTestId('menu-celular').locator('summary').boundingBox()
      if (!box || box.x < 0 || box.x + box.width > ZOOMED_PHONE.width || box.width < 24 || box.height < 24)
        problems.push(`${path}: botão do menu fora da tela ou pequeno (${JSON.stringify(box)})`)

      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source)
      // A list lays out only the cards near the screen (content-visibility): axe measures every one
      // drawn, as a11y.spec.ts does.
      await page.evaluate(() =>
        document.querySelectorAll<HTMLElement>('.qcl > li').forEach((li) => (li.style.contentVisibility = 'visible')),
      )
      const { violations } = await page.evaluate(() =>
        (window as unknown as { axe: typeof axeCore }).axe.run(document, {
          runOnly: { type: 'rule', values: ['target-size'] },
          resultTypes: ['violations'],
        }),
      )
      for (const v of violations) problems.push(`${path}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
    expect(problems).toEqual([])

    // The menu opens, and its panel fits the screen.
    const summary = page.getByTestId('menu-celular').locator('summary')
    await expect(summary).toHaveAccessibleName('Abrir menu')
    await summary.click()
    const panel = page.getByRole('navigation', { name: 'Menu móvel' })
    await expect(panel).toBeVisible()
    const panelBox = (await panel.boundingBox())!
    expect(panelBox.x).toBeGreaterThanOrEqual(0)
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(ZOOMED_PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  },
)

/** The student pages above, and those whose parts arrive with JavaScript (the assistant, the charts). */
const HYDRATED_PAGES = [...STUDENT_PAGES, '/plano-de-estudos', '/ranking', '/assistente']

/** A finished 5-question simulado (its result) and an open one (its sitting), by the student of `token`. */
async function simulados(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` }
  const start = async () => {
    const made = await request.post('/api/v1/simulations', { headers: auth, data: { kind: 'personalizado', size: 5 } })
    expect(made.status(), await made.text()).toBe(201)
    return (await made.json()).simulation.id as number
  }
  const result = await start()
  const sheet = (await (await request.get(`/api/v1/simulations/${result}`, { headers: auth })).json()).sheet as { question_id: number }[]
  const put = await request.put(`/api/v1/simulations/${result}/answers/${sheet[0]!.question_id}`, { headers: auth, data: { choice: 'B' } })
  expect(put.ok()).toBe(true)
  expect((await request.post(`/api/v1/simulations/${result}/finish`, { headers: auth })).ok()).toBe(true)
  return { result, sitting: await start() }
}

test('at 320, 360 and 390 px nothing on a student page moves when it hydrates', RENDERING, async ({ page, request }) => {
  test.setTimeout(150_000)
  const student = await premiumStudent(request, { name: 'Helena Hidrata' }, 'PRO')
  const { questionId, notebookId } = await studiedQuestion(request, student.token)
  const { result, sitting } = await simulados(request, student.token)
  // Every page a student reaches, those that need a question, a notebook or a simulado of theirs too.
  const pages = [
    ...HYDRATED_PAGES,
    '/dashboard?aba=desempenho',
    '/contato',
    '/trocar-plano',
    '/minha-conta/recibos',
    `/questoes/${questionId}`,
    `/questoes/${questionId}/explicacoes`,
    `/notebook/${notebookId}/questions`,
    `/simulados/${result}/resultado`,
    `/simulados/${sitting}`,
  ]
  const paths = new Set(pages.map((p) => p.split('?')[0]))
  await signIn(page, student)
  // Each document arrives whole, as over a fast network: what is measured is what the scripts
  // move, not the parser showing a half-received header (the network's part is Lighthouse's).
  await page.route(
    (url) => paths.has(url.pathname) && !url.searchParams.has('_data'),
    async (route) => route.fulfill({ response: await route.fetch() }),
  )
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[] }
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node }[]
      })[]) {
        if (entry.hadRecentInput || entry.value === 0) continue
        const moved = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${String(s.node.className).split(' ').slice(0, 3).join('.')}` : '?',
        )
        w.shifts.push(`${entry.value.toFixed(4)} (${moved.join(', ')})`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const problems: string[] = []
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 740 })
    for (const path of pages) {
      await page.goto(path)
      await hydrated(page)
      // What hydration mounts (effects, lazy parts) lands within a frame or two of it.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
      )
      const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)
      for (const shift of shifts) problems.push(`${width} px ${path}: ${shift}`)
    }
  }
  expect(problems).toEqual([])
})
