import { Router } from 'express'

import { unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { notesApi } from './contract'
import { NOTES_FLOOD_MESSAGE } from './messages'
import { createNote, deleteNote, listNotes, updateNote } from './notes'

// Anotação: the contract (./contract.ts) says what each route reads and answers; this says which
// rule runs.

export function createNotesRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, { name: 'notes', windowMs: 10 * 60_000, limit: 120, by: 'user', message: NOTES_FLOOD_MESSAGE })

  route(
    router,
    notesApi.list,
  )(async ({ req, params }) => ({
    success: true,
    notes: unwrap(await listNotes(ctx.db, currentUser(req).id, params.id)),
  }))

  route(router, notesApi.create, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: 'Anotação salva com sucesso!',
    note: unwrap(await createNote(ctx.db, currentUser(req).id, params.id, body.content)),
  }))

  route(router, notesApi.update, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: 'Anotação atualizada com sucesso!',
    note: unwrap(await updateNote(ctx.db, currentUser(req).id, params.id, params.noteId, body.content, ctx.clock())),
  }))

  route(
    router,
    notesApi.remove,
  )(async ({ req, params }) => {
    unwrap(await deleteNote(ctx.db, currentUser(req).id, params.id, params.noteId))
    return { success: true, message: 'Anotação excluída com sucesso!' }
  })

  return router
}
