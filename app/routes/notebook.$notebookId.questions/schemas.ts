import * as z from 'zod'

import { notebookDescription, notebookName } from '#server/features/notebooks/schemas'

// One schema per form of the notebook page, shared by the page (Conform) and the action; the
// field rules are the API's own (server/features/notebooks/schemas.ts).

const questionId = z.coerce.number().int().min(1).max(999_999_999)

export const RemoveQuestionSchema = z.object({ intent: z.literal('remover'), questao: questionId })
export const EditNotebookSchema = z.object({ intent: z.literal('editar'), nome: notebookName, descricao: notebookDescription.optional() })
export const DeleteNotebookSchema = z.object({ intent: z.literal('excluir') })

export const NotebookPageActionSchema = z.discriminatedUnion('intent', [RemoveQuestionSchema, EditNotebookSchema, DeleteNotebookSchema])
