import * as z from 'zod'

import { atLeastOneOf } from '../../api/contract'
import { nameKey } from '../../domain/text'
import { CUSTOM_DEFAULT_SIZE, CUSTOM_MAX_MINUTES, CUSTOM_MAX_SIZE, CUSTOM_MIN_SIZE, EXAME_ORDEM_SIZE, SIMULATION_KINDS } from './messages'

// Field rules of the simulados (issue 29), shared by the API (./contract.ts) and the pages'
// forms. The filters of a personalised simulado keep the question search's names
// (discipline_ids, topic_ids, year, exam_board: server/features/questions/contract.ts).

const idList = (key: string, what: string) =>
  z
    .array(
      z
        .number({ error: `${key} deve ser uma lista de identificadores numéricos de ${what}.` })
        .int({ error: `${key} deve ser uma lista de identificadores numéricos de ${what}.` })
        .min(1, { error: `${key} deve ser uma lista de identificadores numéricos de ${what}.` })
        .max(2_147_483_647, { error: `${key} deve ser uma lista de identificadores numéricos de ${what}.` }),
      { error: `${key} deve ser uma lista de identificadores numéricos de ${what}.` },
    )
    .max(100, { error: `${key} pode ter no máximo 100 itens.` })

const yearMessage = 'year deve ser uma lista de anos com 4 dígitos.'
const boardMessage = 'exam_board deve ser uma lista de nomes de bancas.'

/** What a personalised simulado draws from; every list empty or absent means "any". */
export const SimulationFilters = z
  .object({
    discipline_ids: idList('discipline_ids', 'disciplinas').optional(),
    topic_ids: idList('topic_ids', 'assuntos').optional(),
    year: z
      .array(
        z.number({ error: yearMessage }).int({ error: yearMessage }).min(1900, { error: yearMessage }).max(2999, { error: yearMessage }),
        {
          error: yearMessage,
        },
      )
      .max(100, { error: 'year pode ter no máximo 100 anos.' })
      .optional(),
    exam_board: z
      .array(z.string({ error: boardMessage }).trim().min(1, { error: boardMessage }).max(100, { error: boardMessage }), {
        error: boardMessage,
      })
      .max(50, { error: 'exam_board pode ter no máximo 50 bancas.' })
      .optional(),
    only_unanswered: z.boolean({ error: 'only_unanswered deve ser verdadeiro ou falso.' }).optional().meta({
      description: 'Só questões que o estudante nunca respondeu.',
    }),
    only_wrong: z.boolean({ error: 'only_wrong deve ser verdadeiro ou falso.' }).optional().meta({
      description: 'Só questões cuja última resposta do estudante foi errada.',
    }),
    exclude_outdated: z.boolean({ error: 'exclude_outdated deve ser verdadeiro ou falso.' }).optional().meta({
      description: 'Sem as questões confirmadas desatualizadas nem as que uma mudança da lei pode ter desatualizado (ADR 053).',
    }),
  })
  .refine((f) => !(f.only_unanswered && f.only_wrong), {
    error: 'Escolha "só questões que nunca respondi" ou "só as que errei", não as duas.',
  })
  .meta({
    id: 'SimulationFilters',
    // The refine in the document's words: not both.
    anyOf: [{ properties: { only_unanswered: { const: false } } }, { properties: { only_wrong: { const: false } } }],
  })
export type SimulationFilters = z.output<typeof SimulationFilters>

const sizeMessage = `size deve ser um número inteiro de ${CUSTOM_MIN_SIZE} a ${CUSTOM_MAX_SIZE}.`
const minutesMessage = `duration_minutes deve ser um número inteiro de 1 a ${CUSTOM_MAX_MINUTES}, ou null para sem limite de tempo.`
const examIdMessage = 'exam_id deve ser o identificador numérico de uma prova.'

/**
 * POST /simulations. exam_id is required for prova_anterior; filters, size and duration_minutes
 * are read only for personalizado (the other kinds have the exam's own size and time).
 * duration_minutes absent: 3.75 min per question; null: no time limit.
 */
export const CreateSimulationBody = z
  .object({
    kind: z.enum(SIMULATION_KINDS, { error: 'kind deve ser exame_ordem, prova_anterior ou personalizado.' }),
    exam_id: z
      .number({ error: examIdMessage })
      .int({ error: examIdMessage })
      .min(1, { error: examIdMessage })
      .max(2_147_483_647, { error: examIdMessage })
      .nullish(),
    filters: SimulationFilters.nullish(),
    size: z
      .number({ error: sizeMessage })
      .int({ error: sizeMessage })
      .min(CUSTOM_MIN_SIZE, { error: sizeMessage })
      .max(CUSTOM_MAX_SIZE, { error: sizeMessage })
      .nullish()
      .meta({
        description: `Personalizado: de ${CUSTOM_MIN_SIZE} a ${CUSTOM_MAX_SIZE} questões (padrão ${CUSTOM_DEFAULT_SIZE}). Exame de Ordem: ${EXAME_ORDEM_SIZE}.`,
      }),
    duration_minutes: z
      .number({ error: minutesMessage })
      .int({ error: minutesMessage })
      .min(1, { error: minutesMessage })
      .max(CUSTOM_MAX_MINUTES, { error: minutesMessage })
      .nullable()
      .optional()
      .meta({ description: 'Personalizado: ausente, 3,75 min por questão; null, sem limite de tempo.' }),
  })
  .refine((b) => b.kind !== 'prova_anterior' || b.exam_id != null, {
    error: 'Escolha a prova: envie exam_id para um simulado de prova anterior.',
    path: ['exam_id'],
  })
  // The document's words for the refine: a past exam names its exam_id.
  .meta({
    anyOf: [
      { properties: { kind: { enum: SIMULATION_KINDS.filter((k) => k !== 'prova_anterior') } } },
      { properties: { exam_id: { type: 'integer' } }, required: ['exam_id'] },
    ],
  })
export type CreateSimulationBody = z.output<typeof CreateSimulationBody>

const choiceMessage = 'choice deve ser a letra de uma alternativa (A a E) ou null para deixar em branco.'

/** PUT /simulations/{id}/answers/{questionId}: a field left out keeps its saved value. */
export const SimulationAnswerBody = z
  .object({
    choice: z
      .string({ error: choiceMessage })
      .trim()
      .toUpperCase()
      .regex(/^[A-E]$/, { error: choiceMessage })
      .nullable()
      .optional()
      .meta({ description: 'A letra escolhida; null apaga a resposta (em branco).' }),
    marked: z.boolean({ error: 'marked deve ser verdadeiro ou falso.' }).optional().meta({ description: 'Marcada para revisar.' }),
  })
  .refine((b) => b.choice !== undefined || b.marked !== undefined, { error: 'Nada a salvar: envie choice ou marked.' })
  .meta(atLeastOneOf(['choice', 'marked']))
export type SimulationAnswerBody = z.output<typeof SimulationAnswerBody>

const countMessage = 'count deve ser um número inteiro de 1 a 80.'

/** PUT /admin/simulations/mix: the Exame de Ordem's discipline mix; [] goes back to the booklet's. */
export const MixBody = z.object({
  mix: z
    .array(
      z.object({
        discipline_id: z
          .number({ error: 'discipline_id deve ser o identificador numérico de uma disciplina.' })
          .int({ error: 'discipline_id deve ser o identificador numérico de uma disciplina.' })
          .min(1, { error: 'discipline_id deve ser o identificador numérico de uma disciplina.' })
          .max(2_147_483_647, { error: 'discipline_id deve ser o identificador numérico de uma disciplina.' }),
        count: z
          .number({ error: countMessage })
          .int({ error: countMessage })
          .min(1, { error: countMessage })
          .max(EXAME_ORDEM_SIZE, { error: countMessage }),
      }),
      { error: 'Envie mix: a lista de disciplinas e quantas questões de cada ([] volta ao caderno da prova).' },
    )
    .max(100, { error: 'mix pode ter no máximo 100 disciplinas.' })
    .refine((rows) => new Set(rows.map((r) => r.discipline_id)).size === rows.length, {
      error: 'Cada disciplina pode aparecer uma vez só.',
    })
    .refine((rows) => rows.length === 0 || rows.reduce((s, r) => s + r.count, 0) === EXAME_ORDEM_SIZE, {
      error: `A soma das questões deve ser ${EXAME_ORDEM_SIZE}, como no Exame de Ordem.`,
    }),
})
export type MixBody = z.output<typeof MixBody>

const lineMessage = 'count deve ser um número inteiro de 0 a 80.'

/** PUT /admin/simulations/official-mix: the OAB's distribution by discipline name, in the booklet's order (ADR 054). */
export const OfficialMixBody = z.object({
  lines: z
    .array(
      z.object({
        name: z
          .string({ error: 'name deve ser o nome da disciplina.' })
          .trim()
          .min(1, { error: 'O nome da disciplina é obrigatório.' })
          .max(120, { error: 'O nome da disciplina pode ter no máximo 120 caracteres.' }),
        count: z
          .number({ error: lineMessage })
          .int({ error: lineMessage })
          .min(0, { error: lineMessage })
          .max(EXAME_ORDEM_SIZE, { error: lineMessage }),
      }),
      { error: 'Envie lines: as disciplinas da distribuição oficial e quantas questões de cada.' },
    )
    .min(1, { error: 'A distribuição oficial precisa de ao menos uma disciplina.' })
    .max(60, { error: 'lines pode ter no máximo 60 disciplinas.' })
    .refine((rows) => new Set(rows.map((r) => nameKey(r.name))).size === rows.length, {
      error: 'Cada disciplina pode aparecer uma vez só.',
    })
    .refine((rows) => rows.reduce((sum, r) => sum + r.count, 0) === EXAME_ORDEM_SIZE, {
      error: `A soma das questões deve ser ${EXAME_ORDEM_SIZE}, como no Exame de Ordem.`,
    }),
})
export type OfficialMixBody = z.output<typeof OfficialMixBody>
