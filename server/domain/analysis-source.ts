import * as z from 'zod'

import type { ExplanationSource } from '../db/schema'
import { shortExamName } from './questions/exam-name'

// Where a question's explanation came from (issue 40): "Análise do professor" is said only of a
// professor's text; an imported one says which exam file brought it. Every page a student reads
// an explanation on (answer, dialog, simulado result, offline) sends these same fields. No
// database here: the contracts the web app loads import it.

export const ExplanationOriginFields = {
  explanation_source: z.enum(['import', 'professor']).nullable().meta({
    description:
      'professor: escrita por um professor (Análise do professor); import: veio com o arquivo da prova; null sem explicação visível.',
  }),
  explanation_author: z.string().nullable().meta({ description: 'O professor que a publicou; null num comentário da prova.' }),
  explanation_credit: z
    .string()
    .nullable()
    .meta({ description: 'O autor da comunidade cujo comentário o professor aproveitou; null sem crédito.' }),
  explanation_exam: z.string().nullable().meta({ description: 'Num comentário da prova: a prova de onde veio ("OAB XXXV").' }),
  alternative_comments: z
    .record(z.string(), z.string())
    .nullable()
    .meta({ description: 'Por que cada alternativa está certa ou errada, por letra; null sem comentários.' }),
}

export type ExplanationOrigin = {
  explanation_source: ExplanationSource | null
  explanation_author: string | null
  explanation_credit: string | null
  explanation_exam: string | null
  alternative_comments: Record<string, string> | null
}

export const NO_ORIGIN: ExplanationOrigin = {
  explanation_source: null,
  explanation_author: null,
  explanation_credit: null,
  explanation_exam: null,
  alternative_comments: null,
}

export type OriginRow = {
  explanationSource: ExplanationSource | null
  authorName: string | null
  explanationCredit: string | null
  /** A raw query may hand the jsonb over as text. */
  alternativeComments: Record<string, string> | string | null
  examName: string | null
  board: string
  year: number
}

/** The origin of an explanation the student sees; nothing of one they may not see. */
export function explanationOrigin(row: OriginRow, visible: boolean): ExplanationOrigin {
  if (!visible) return NO_ORIGIN
  const raw =
    typeof row.alternativeComments === 'string' ? (JSON.parse(row.alternativeComments) as Record<string, string>) : row.alternativeComments
  const comments = Object.entries(raw ?? {}).filter(([, text]) => typeof text === 'string' && text.trim())
  // A text with no recorded source predates the desk: it came with its exam file.
  const source = row.explanationSource ?? 'import'
  return {
    explanation_source: source,
    explanation_author: source === 'professor' ? row.authorName : null,
    explanation_credit: source === 'professor' ? row.explanationCredit : null,
    explanation_exam: source === 'import' ? shortExamName(row.examName?.trim() ? row.examName : null, row.board, row.year) : null,
    alternative_comments: comments.length
      ? Object.fromEntries(comments.sort(([a], [b]) => a.localeCompare(b)).map(([letter, text]) => [letter.toUpperCase(), text]))
      : null,
  }
}

/** A post the community backed on a question (server/domain/community-answers.ts finds them). */
export type CommunityAnswer = {
  kind: 'topic' | 'reply'
  id: number
  topic_id: number
  /** Null when the author's account is gone. */
  author_name: string | null
  /** Up votes minus down votes, above zero. */
  votes: number
  text: string
  created_at: string
}

export const EXCERPT_MAX = 600

export const CommunityAnswerJson = z
  .object({
    kind: z.enum(['topic', 'reply']),
    id: z.number().int(),
    topic_id: z.number().int(),
    author_name: z.string().nullable(),
    votes: z.number().int().meta({ description: 'Votos a favor menos votos contra (acima de zero).' }),
    excerpt: z.string().meta({ description: 'O começo do texto, em texto simples (até 600 caracteres).' }),
    truncated: z.boolean(),
  })
  .meta({ id: 'CommunityAnswer' })
export type CommunityAnswerJson = z.output<typeof CommunityAnswerJson>

export function excerptOf(answer: CommunityAnswer): CommunityAnswerJson {
  const text = answer.text.trim()
  const truncated = text.length > EXCERPT_MAX
  // Cut at a word, never mid-word.
  const cut = truncated ? text.slice(0, EXCERPT_MAX).replace(/\s+\S*$/, '') : text
  return {
    kind: answer.kind,
    id: answer.id,
    topic_id: answer.topic_id,
    author_name: answer.author_name,
    votes: answer.votes,
    excerpt: truncated ? `${cut}…` : cut,
    truncated,
  }
}
