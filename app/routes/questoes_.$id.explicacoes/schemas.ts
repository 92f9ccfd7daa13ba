import * as z from 'zod'

import { explanationContent, flagReason } from '#server/features/explanations/schemas'

// One schema per form of Explicações de alunos, shared by the page (Conform) and the action; the
// field rules are the API's own (server/features/explanations/schemas.ts). The one-line ask under
// a right answer (app/question/student-explanation.tsx) posts WriteFormSchema here too.

const id = z.coerce.number().int().min(1).max(999_999_999)

/** `redirectTo` is rendered only without JS: the plain POST goes back to the page it came from. */
export const WriteFormSchema = z.object({ intent: z.literal('escrever'), conteudo: explanationContent, redirectTo: z.string().optional() })
export const EditFormSchema = z.object({ intent: z.literal('editar'), item: id, conteudo: explanationContent })
export const DeleteFormSchema = z.object({ intent: z.literal('excluir'), item: id })
export const VoteFormSchema = z.object({ intent: z.literal('util'), item: id, util: z.enum(['sim', 'nao']) })
export const FlagFormSchema = z.object({ intent: z.literal('denunciar'), item: id, motivo: flagReason })

/** What the action parses: one of the forms above, told apart by their `intent`. */
export const ExplanationActionSchema = z.discriminatedUnion('intent', [
  WriteFormSchema,
  EditFormSchema,
  DeleteFormSchema,
  VoteFormSchema,
  FlagFormSchema,
])
