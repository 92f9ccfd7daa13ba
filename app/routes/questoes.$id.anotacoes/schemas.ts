import * as z from 'zod'

import { noteContent } from '#server/features/notes/schemas'

// One schema per form of the notes dialog, shared by the page (Conform) and the action; the
// content rule is the API's own (server/features/notes/schemas.ts).

const noteId = z.coerce.number().int().min(1).max(999_999_999)

export const CreateNoteSchema = z.object({ intent: z.literal('criar'), conteudo: noteContent })
export const EditNoteSchema = z.object({ intent: z.literal('editar'), nota: noteId, conteudo: noteContent })
export const DeleteNoteSchema = z.object({ intent: z.literal('excluir'), nota: noteId })

/** What the action parses: one of the forms above, told apart by their `intent` button. */
export const NoteActionSchema = z.discriminatedUnion('intent', [CreateNoteSchema, EditNoteSchema, DeleteNoteSchema])
