import * as z from 'zod'

import { NOTE_CONTENT_MAX } from './limits'

// Field rules of Anotação, shared by the API (server/features/notes/contract.ts) and the page forms
// (app/routes/questoes.$id.anotacoes/schemas.ts).

/** C0 control characters other than tab and line breaks (the API's guard already refuses NUL). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** Plain text, trimmed, Windows line breaks folded to \n; non-empty (spec section 5), at most 5,000 characters. */
export const noteContent = z
  .string({ error: 'Escreva o conteúdo da anotação.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, { error: 'Escreva o conteúdo da anotação.' })
  .max(NOTE_CONTENT_MAX, { error: `A anotação pode ter no máximo ${NOTE_CONTENT_MAX.toLocaleString('pt-BR')} caracteres.` })
  .refine((v) => !CONTROL.test(v), { error: 'O texto contém caracteres inválidos.' })

export const NoteBody = z.object({ content: noteContent })
