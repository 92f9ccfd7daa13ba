import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'
import { ExplanationOriginFields } from '../../domain/analysis-source'
import { DOWNLOAD_MAX, PER_QUESTION_MAX, SYNC_MAX } from './messages'
import { DownloadBody, SyncBody } from './schemas'

// Offline practice (issue 39 §6, ADR 056): questions downloaded with their key, and the answers
// a phone queued while offline, sent when the connection returns. A simulado is never offline.

export const OfflineQuestionJson = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: 'Como o aluno a conhece: "OAB XIV · questão 23".' }),
    discipline_name: z.string(),
    question_text: z.string(),
    alternatives: z.array(z.object({ letter: z.string(), text_content: z.string() })),
    correct_answer: z.string().nullable().meta({ description: 'null numa questão anulada.' }),
    explanation: z.string().nullable().meta({ description: 'A análise, quando o plano dá acesso a ela.' }),
    ...ExplanationOriginFields,
  })
  .meta({ id: 'OfflineQuestion' })
export type OfflineQuestionJson = z.output<typeof OfflineQuestionJson>

const SyncResultJson = z.object({
  client_id: z.string(),
  status: z.enum(['recorded', 'duplicate', 'annulled', 'refused']).meta({
    description:
      'recorded: gravada agora; duplicate: já estava gravada (outro envio); annulled: questão anulada, nada a gravar; refused: recusada, com o motivo em message. Em todos os casos o aparelho pode tirá-la da fila.',
  }),
  message: z.string().optional(),
})

export const offlineApi = {
  download: defineEndpoint({
    method: 'post',
    path: '/offline/downloads',
    summary: 'Baixar questões para estudar offline',
    description: `Até ${DOWNLOAD_MAX} questões com o gabarito (e a análise, se o plano der acesso). Cada uma conta no limite semanal do plano, como se fosse aberta agora; baixada de novo, guarda a hora do primeiro download; as que passam do limite ficam de fora (left_out). Questões de um simulado em andamento não são baixadas.`,
    tags: ['Offline'],
    auth: 'user',
    body: DownloadBody,
    responses: {
      200: z.object({
        success: z.literal(true),
        downloaded_at: z.iso.datetime(),
        questions: z.array(OfflineQuestionJson),
        left_out: z
          .number()
          .int()
          .meta({ description: 'Pedidas e não baixadas: o limite semanal, removidas ou num simulado em andamento.' }),
        message: z.string().nullable(),
      }),
    },
    errors: [429],
  }),
  sync: defineEndpoint({
    method: 'post',
    path: '/offline/answers',
    summary: 'Enviar as respostas dadas offline',
    description: `Até ${SYNC_MAX} respostas, cada uma com o identificador que o aparelho gerou: enviada duas vezes, é gravada uma só (duplicate). Gravadas com a hora em que foram dadas, pela mesma regra de todas as respostas (a revisão segue essa hora). No máximo ${PER_QUESTION_MAX} respostas novas à mesma questão num envio: as demais são recusadas (refused).`,
    tags: ['Offline'],
    auth: 'user',
    body: SyncBody,
    responses: { 200: z.object({ success: z.literal(true), results: z.array(SyncResultJson) }) },
    errors: [429],
  }),
}
export type SyncResultJson = z.output<typeof SyncResultJson>
