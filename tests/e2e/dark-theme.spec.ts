import { expect, test } from '@playwright/test'

import { premiumStudent, RENDERING, signIn, studiedQuestion } from './utils'

// Issue 27, dark mode at night: the statistics tooltip was a white box with a light title, and
// /questoes opened under a bright banner.

test(
  'the chart tooltip is dark in the dark theme; a signed-in student gets no banner over the questions',
  RENDERING,
  async ({ page, request, baseURL }) => {
    const student = await premiumStudent(request, { name: 'Noite Escura' })
    const { questionId } = await studiedQuestion(request, student.token)
    await signIn(page, student)
    // The theme cookie, as the theme switch sets it: the server renders the page dark.
    await page.context().addCookies([{ name: 'gabarita-theme', value: 'ImRhcmsi', url: baseURL! }])
    await page.goto(`/questoes/${questionId}/desempenho`)
    await expect(page.locator('html')).toHaveClass(/dark/)
    const bar = page.getByTestId('grafico-alternativas').locator('.recharts-bar-rectangle path').first()
    await bar.hover()
    const tooltip = page.locator('.recharts-default-tooltip')
    await expect(tooltip).toBeVisible()
    // Polled: the colours may still be transitioning when the tooltip first shows.
    await expect
      .poll(() =>
        tooltip.evaluate((box) => ({
          background: getComputedStyle(box).backgroundColor,
          label: getComputedStyle(box.querySelector('.recharts-tooltip-label')!).color,
        })),
      )
      .toEqual({ background: 'rgb(15, 23, 42)', label: 'rgb(241, 245, 249)' })

    await page.goto('/questoes')
    await expect(page.getByRole('heading', { level: 1, name: 'Questões OAB' })).toBeVisible()
    await expect(page.getByText('Pratique com questões no formato do Exame de Ordem')).toHaveCount(0)
  },
)
