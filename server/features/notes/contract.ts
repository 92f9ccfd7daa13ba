import * as z from 'zod'

import { defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { NOTE_NOT_FOUND, QUESTION_NOT_FOUND } from './messages'
import { NoteBody } from './schemas'

// Anotação (issue 11, spec section 7): a student's private notes on a question. Bearer only; a
// note of another user answers 404, like one that does not exist.

/** A note as the API answers it (spec section 3: id, content, createdAt, updatedAt). */
export const NoteJson = z
  .object({
    id: z.number().int(),
    question_id: z.number().int(),
    content: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Note' })
export type NoteJson = z.output<typeof NoteJson>

const NoteReply = z.object({ success: z.literal(true), message: z.string(), note: NoteJson })

const tags = ['Anotações']

export const notesApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/questions/:id/notes',
    summary: 'As anotações do estudante nesta questão, da mais recente à mais antiga',
    tags,
    auth: 'user',
    params: z.object({ id: idParam(QUESTION_NOT_FOUND) }),
    responses: { 200: z.object({ success: z.literal(true), notes: z.array(NoteJson) }) },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/questions/:id/notes',
    summary: 'Escreve uma anotação nesta questão',
    tags,
    auth: 'user',
    params: z.object({ id: idParam(QUESTION_NOT_FOUND) }),
    body: NoteBody,
    responses: { 201: NoteReply },
    errors: [409, 429],
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/questions/:id/notes/:noteId',
    summary: 'Reescreve uma anotação do estudante',
    tags,
    auth: 'user',
    params: z.object({ id: idParam(NOTE_NOT_FOUND), noteId: idParam(NOTE_NOT_FOUND) }),
    body: NoteBody,
    responses: { 200: NoteReply },
    errors: [429],
  }),
  remove: defineEndpoint({
    method: 'delete',
    path: '/questions/:id/notes/:noteId',
    summary: 'Exclui uma anotação do estudante',
    tags,
    auth: 'user',
    params: z.object({ id: idParam(NOTE_NOT_FOUND), noteId: idParam(NOTE_NOT_FOUND) }),
    responses: { 200: SuccessMessage },
  }),
}
