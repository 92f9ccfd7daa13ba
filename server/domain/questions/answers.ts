import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/index'
import { attempts, errorReports, questions } from '../../db/schema'
import type { PlanName } from '../../db/schema'
import { claimQuestionUse } from '../policy'
import type { Policy } from '../policy'

export const ANNULLED_MESSAGE = 'Questão Anulada'

export type Reveal = {
  correct_answer: string | null
  explanation: string | null
  annulled: boolean
  /** 'Questão Anulada' for annulled questions. */
  message?: string
}

export type UseOutcome<T> =
  | { kind: 'ok'; value: T; policy: Policy }
  | { kind: 'not-found' }
  | { kind: 'quota'; message: string; policy: Policy }
  | { kind: 'invalid-answer'; letters: string[] }

type User = { id: string; planName: PlanName }

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({
      id: questions.id,
      correctAnswer: questions.correctAnswer,
      explanation: questions.explanation,
      alternatives: questions.alternatives,
    })
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

function reveal(q: { correctAnswer: string | null; explanation: string | null }): Reveal {
  const explanation = q.explanation?.trim() ? q.explanation : null
  if (q.correctAnswer === null) return { correct_answer: null, explanation, annulled: true, message: ANNULLED_MESSAGE }
  return { correct_answer: q.correctAnswer, explanation, annulled: false }
}

/** The answer key and explanation, counted against the weekly quota. */
export async function revealAnswer(db: Db, user: User, questionId: number, at = new Date()): Promise<UseOutcome<Reveal>> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const use = await claimQuestionUse(db, user, questionId, at)
  if (!use.allowed) return { kind: 'quota', message: use.message, policy: use.policy }
  return { kind: 'ok', value: reveal(q), policy: use.policy }
}

/** Records an attempt (not for annulled questions) and returns the key, within the quota. */
export async function answerQuestion(
  db: Db,
  user: User,
  questionId: number,
  answer: string,
  at = new Date(),
): Promise<UseOutcome<Reveal & { correct: boolean | null; answer: string }>> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const letter = answer.trim().toUpperCase()
  const letters = q.alternatives.map((a) => a.letter.toUpperCase())
  if (!letters.includes(letter)) return { kind: 'invalid-answer', letters }
  const use = await claimQuestionUse(db, user, questionId, at)
  if (!use.allowed) return { kind: 'quota', message: use.message, policy: use.policy }
  const shown = reveal(q)
  if (shown.annulled) return { kind: 'ok', value: { ...shown, correct: null, answer: letter }, policy: use.policy }
  const correct = letter === q.correctAnswer?.toUpperCase()
  await db.insert(attempts).values({ userId: user.id, questionId, answer: letter, correct, createdAt: at })
  return { kind: 'ok', value: { ...shown, correct, answer: letter }, policy: use.policy }
}

export async function reportError(db: Db, questionId: number, message: string, userId: string | null, ip: string | null) {
  const q = await liveQuestion(db, questionId)
  if (!q) return false
  await db.insert(errorReports).values({ questionId, message, userId, ip })
  return true
}
