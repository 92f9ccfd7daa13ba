import * as z from 'zod'

import { EXPLANATION_MAX, EXPLANATION_MIN, FLAG_REASON_MAX } from './limits'

// Field rules of Explicações de alunos, shared by the API (./contract.ts) and the page forms
// (app/routes/questoes_.$id.explicacoes/schemas.ts, app/routes/admin.explicacoes/schemas.ts).

/** C0 control characters other than tab and line breaks (the API's guard already refuses NUL). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/** Something written as a tag: `<` or `</` right before a name ("a < b" is not one). */
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi
/** The question texts' markup (app/question/markup.tsx renders only these). */
const ALLOWED_TAG = /^<\s*\/?\s*(n|i|red|blue|green|br)\s*\/?\s*>$/i
export const ALLOWED_TAGS = '<n>, <i>, <red>, <blue>, <green> e <br>'

/** The first tag of the text outside the whitelist, or null. */
export function strayTag(text: string) {
  for (const [tag] of text.matchAll(TAG)) if (!ALLOWED_TAG.test(tag)) return tag
  return null
}

/**
 * 20 to 1,500 characters once trimmed, Windows line breaks folded to \n, the statements' markup
 * and no other tag. The document says "20 visible characters" with its pattern (a filter, not
 * anchored), so what it allows the API takes.
 */
export const explanationContent = z
  .string({ error: 'Escreva a sua explicação.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, { error: 'Escreva a sua explicação.' })
  .min(EXPLANATION_MIN, { error: `Explique em pelo menos ${EXPLANATION_MIN} caracteres.` })
  .max(EXPLANATION_MAX, { error: `A explicação pode ter no máximo ${EXPLANATION_MAX.toLocaleString('pt-BR')} caracteres.` })
  .refine((v) => !CONTROL.test(v), { error: 'O texto contém caracteres inválidos.' })
  .superRefine((v, issue) => {
    const tag = strayTag(v)
    if (tag) issue.addIssue({ code: 'custom', message: `A marcação ${tag} não é aceita: use só ${ALLOWED_TAGS}.` })
  })
  .meta({ pattern: `\\S[\\s\\S]{${EXPLANATION_MIN - 2},}\\S` })

export const flagReason = z
  .string({ error: 'Informe o motivo da denúncia.' })
  .trim()
  .min(1, { error: 'Informe o motivo da denúncia.' })
  .max(FLAG_REASON_MAX, { error: `O motivo pode ter no máximo ${FLAG_REASON_MAX} caracteres.` })
  .refine((v) => !CONTROL.test(v), { error: 'O texto contém caracteres inválidos.' })
  .meta({ pattern: '\\S' })

export const ExplanationBody = z.object({ content: explanationContent }, { error: 'Envie a explicação como um objeto JSON.' })
export const VoteBody = z.object(
  { useful: z.boolean({ error: 'useful deve ser verdadeiro ou falso (true/false).' }) },
  { error: 'Envie o voto como um objeto JSON.' },
)
export const FlagBody = z.object({ reason: flagReason }, { error: 'Envie a denúncia como um objeto JSON.' })
