import * as z from 'zod'

// Field rules shared by the API (server/api/questions.ts) and the page forms (app/question/schemas.ts).

export const ERROR_REPORT_MIN = 5
export const ERROR_REPORT_MAX = 2000

export const errorReportMessage = z
  .string({ error: 'Descreva o erro encontrado.' })
  .trim()
  .min(ERROR_REPORT_MIN, { error: `Descreva o erro encontrado (pelo menos ${ERROR_REPORT_MIN} caracteres).` })
  .max(ERROR_REPORT_MAX, { error: `A descrição do erro pode ter no máximo ${ERROR_REPORT_MAX} caracteres.` })
