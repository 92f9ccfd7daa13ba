import { Router } from 'express'

import type { AppContext } from '../context'
import { createNote, deleteNote, listNotes, NOTE_NOT_FOUND, QUESTION_NOT_FOUND, updateNote } from '../domain/notes/notes'
import { NoteBody } from '../domain/notes/schemas'
import { currentUser, requireUser } from './auth-middleware'
import { handler, parse, pathId, unwrap } from './http'
import { limiter } from './rate-limit'

// Anotação (issue 11, spec section 7): GET/POST /questions/{id}/notes,
// PUT/DELETE /questions/{id}/notes/{noteId}. Bearer only; a note of another user answers 404,
// like one that does not exist.

export const NOTES_FLOOD_MESSAGE = 'Você está salvando anotações rápido demais. Aguarde um pouco e tente novamente.'

export function createNotesRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, { name: 'notes', windowMs: 10 * 60_000, limit: 120, by: 'user', message: NOTES_FLOOD_MESSAGE })

  router.get(
    '/questions/:id/notes',
    requireUser,
    handler(async (req, res) => {
      const id = pathId(req, 'id', QUESTION_NOT_FOUND)
      res.json({ success: true, notes: unwrap(await listNotes(ctx.db, currentUser(req).id, id)) })
    }),
  )

  router.post(
    '/questions/:id/notes',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', QUESTION_NOT_FOUND)
      const { content } = parse(NoteBody, req.body ?? {})
      res.status(201).json({
        success: true,
        message: 'Anotação salva com sucesso!',
        note: unwrap(await createNote(ctx.db, currentUser(req).id, id, content)),
      })
    }),
  )

  router.put(
    '/questions/:id/notes/:noteId',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTE_NOT_FOUND)
      const noteId = pathId(req, 'noteId', NOTE_NOT_FOUND)
      const { content } = parse(NoteBody, req.body ?? {})
      res.json({
        success: true,
        message: 'Anotação atualizada com sucesso!',
        note: unwrap(await updateNote(ctx.db, currentUser(req).id, id, noteId, content)),
      })
    }),
  )

  router.delete(
    '/questions/:id/notes/:noteId',
    requireUser,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTE_NOT_FOUND)
      const noteId = pathId(req, 'noteId', NOTE_NOT_FOUND)
      unwrap(await deleteNote(ctx.db, currentUser(req).id, id, noteId))
      res.json({ success: true, message: 'Anotação excluída com sucesso!' })
    }),
  )

  return router
}
