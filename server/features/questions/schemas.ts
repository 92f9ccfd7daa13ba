import * as z from 'zod'

import { ERROR_REPORT_KINDS } from '../error-reports/messages'

// Field rules shared by the API (server/features/questions/contract.ts) and the page forms (app/question/schemas.ts).

export const ERROR_REPORT_MIN = 5
export const ERROR_REPORT_MAX = 2000

export const errorReportMessage = z
  .string({ error: 'Descreva o erro encontrado.' })
  .trim()
  .min(ERROR_REPORT_MIN, { error: `Descreva o erro encontrado (pelo menos ${ERROR_REPORT_MIN} caracteres).` })
  .max(ERROR_REPORT_MAX, { error: `A descrição do erro pode ter no máximo ${ERROR_REPORT_MAX} caracteres.` })

export const ANSWER_LETTER_MESSAGE = 'Alternativa inválida: use a letra de uma alternativa, de A a E.'

/** POST /questions/:id/attempts. */
export const AnswerBody = z.object({
  // A question has at most five alternatives, A to E (the exam file's rule); which of them this
  // one has is the question's, answered 400 by the router with its letters.
  answer: z
    .string({ error: 'Escolha uma alternativa.' })
    .trim()
    .min(1, { error: 'Escolha uma alternativa.' })
    .regex(/^[A-Ea-e]$/, { error: ANSWER_LETTER_MESSAGE })
    // The document reads the text before the trim: spaces around the letter are accepted.
    .meta({ pattern: '^\\s*[A-Ea-e]\\s*$', description: 'A letra da alternativa (A a E, maiúscula ou minúscula).' }),
  /** The card's signed shown-at token; anything unusable only means 'time unknown'. */
  shown_token: z
    .unknown()
    .transform((v) => (typeof v === 'string' && v.length <= 100 ? v : null))
    .optional()
    .meta({ description: 'O shown_token do cartão: o tempo da resposta (sem ele, desconhecido).' }),
  /** Seconds between the token and the card on screen (a page fetched ahead, ADR 093): taken off the time, never added. */
  shown_after: z
    .unknown()
    .transform((v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 43_200 ? v : 0))
    .optional()
    .meta({ description: 'Segundos entre o shown_token e a exibição do cartão (página buscada antes): descontados do tempo.' }),
  /** The client's id of this answer, as an offline sync would send it: the same id is recorded once. */
  client_id: z
    .uuid({ error: 'client_id inválido.' })
    .optional()
    .meta({ description: 'Id da resposta no aparelho: a mesma resposta é registrada uma vez só.' }),
})

/** What is reported: an error (the default) or that the law changed since the exam (ADR 053). */
export const errorReportKind = z.enum(ERROR_REPORT_KINDS, { error: 'Tipo inválido: use erro ou desatualizada.' })

/** POST /questions/:id/error-reports. */
export const ReportBody = z.object({
  message: errorReportMessage,
  kind: errorReportKind.default('erro').meta({ description: 'erro (padrão) ou desatualizada: a lei mudou desde a prova.' }),
})
