import { expect, test } from '@playwright/test'

import { loginViaPage, premiumStudent, RENDERING, studiedQuestion } from './utils'

// Issue 27, dark mode at night: the statistics tooltip was a white box with a light title, and
// /questoes opened under a bright banner.

test(
  'the chart tooltip is dark in the dark theme; a signed-in student gets no banner over the questions',
  RENDERING,
  async ({ page, request }) => {
    const student = await premiumStudent(request, { name: 'Noite Escura' })
    const { questionId } = await studiedQuestion(request, student.token)
    await loginViaPage(page, student)
    await page.goto(`/questoes/${questionId}/desempenho`)
    await page.evaluate(() => {
      document.documentElement.className = 'dark'
    })
    const bar = page.getByTestId('grafico-alternativas').locator('.recharts-bar-rectangle path').first()
    await bar.hover()
    const tooltip = page.locator('.recharts-default-tooltip')
    await expect(tooltip).toBeVisible()
    const colours = await tooltip.evaluate((box) => {
      const label = box.querySelector('.recharts-tooltip-label')!
      return { background: getComputedStyle(box).backgroundColor, label: getComputedStyle(label).color }
    })
    // slate-900 behind, slate-100 on it.
    expect(colours).toEqual({ background: 'rgb(15, 23, 42)', label: 'rgb(241, 245, 249)' })

    await page.goto('/questoes')
    await expect(page.getByRole('heading', { level: 1, name: 'Questões OAB' })).toBeVisible()
    await expect(page.getByText('Pratique com questões no formato do Exame de Ordem')).toHaveCount(0)
  },
)
