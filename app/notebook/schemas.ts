import * as z from 'zod'

import { notebookDescription, notebookName } from '#server/features/notebooks/schemas'

// One schema per form of the notebook dialog (Fichário), shared by the page (Conform) and the
// action; the field rules are the API's own (server/features/notebooks/schemas.ts).

const notebookId = z.coerce.number().int().min(1).max(999_999_999)

/** The ticked notebooks: the complete set the question belongs to (none ticked = none). */
export const SaveSelectionSchema = z.object({ intent: z.literal('salvar'), caderno: z.array(notebookId).max(500).default([]) })
export const CreateNotebookSchema = z.object({ intent: z.literal('criar'), nome: notebookName, descricao: notebookDescription.optional() })

export const NotebookDialogActionSchema = z.discriminatedUnion('intent', [SaveSelectionSchema, CreateNotebookSchema])
