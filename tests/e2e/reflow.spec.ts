import { expect, test } from '@playwright/test'
import axeCore from 'axe-core'

import { premiumStudent, RENDERING, signIn, studiedQuestion } from './utils'

// Issue 61: a 390 px phone at 200% zoom is a 195 CSS px wide screen (WCAG 1.4.10, reflow). No
// student page scrolls sideways there, the header's menu button is on screen and opens, and no
// target is left under 24 × 24 px (WCAG 2.5.8).

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
