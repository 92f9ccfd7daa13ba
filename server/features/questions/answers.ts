import { and, eq, isNull } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { PlanName } from '../../db/schema'
import type { ErrorReportKind } from '../../db/schema'
import { attempts, errorReports, exams, questions, questionUsage, users } from '../../db/schema'
import type { CommunityAnswerJson, ExplanationOrigin, OriginRow } from '../../domain/analysis-source'
import { explanationOrigin } from '../../domain/analysis-source'
import { isRight } from '../../domain/answering'
import { recordAnswers } from '../../domain/attempts'
import type { Citation } from '../../domain/citations/extract'
import { citationsOf } from '../../domain/citations/store'
import { communityAnswerFor } from '../../domain/community-answers'
import type { ReviewOutcome } from '../../domain/review/scheduler'
import { weekStart } from '../../domain/time/calendar'
import type { StudentExplanations } from '../explanations/index'
import { askToExplain, studentExplanationsOf } from '../explanations/index'
import type { Policy } from '../plans/index'
import { getCatalog } from '../plans/index'
import { claimQuestionUse, commentedAnswerAccess, getPolicy, hasFeature, tookLastOfWeek } from '../plans/index'

export const ANNULLED_MESSAGE = 'Questão Anulada'

export type Reveal = ExplanationOrigin &
  StudentExplanations & {
    correct_answer: string | null
    explanation: string | null
    annulled: boolean
    /** 'Questão Anulada' for annulled questions. */
    message?: string
    /**
     * Set when the question has a teacher's explanation this user may not see (explanation is
     * then null): 'plan' (their plan has no commented questions) or 'disabled' (the admin toggle).
     */
    explanation_locked?: 'plan' | 'disabled'
    /** Why, in Portuguese, when explanation_locked is set. */
    explanation_message?: string
    /** The legislation the question cites (ADR 055). */
    citations: Citation[]
    /** Without an explanation to read, on a plan with discussions: the community's most-voted answer. */
    community_answer: CommunityAnswerJson | null
    /** After a right answer, ask once for an explanation (the student has one right answer and none written). */
    explanation_prompt: boolean
  }

export type UseOutcome<T> =
  | { kind: 'ok'; value: T; policy: Policy }
  | { kind: 'not-found' }
  | { kind: 'quota'; message: string; policy: Policy }
  | { kind: 'invalid-answer'; letters: string[] }
  | { kind: 'changed' }

type User = { id: string; planName: PlanName }

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({
      id: questions.id,
      correctAnswer: questions.correctAnswer,
      explanation: questions.explanation,
      alternatives: questions.alternatives,
      contentChangedAt: questions.contentChangedAt,
      explanationSource: questions.explanationSource,
      authorName: users.name,
      explanationCredit: questions.explanationCredit,
      alternativeComments: questions.alternativeComments,
      examName: exams.name,
      board: exams.board,
      year: exams.year,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .leftJoin(users, eq(users.id, questions.explanationBy))
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

/**
 * The key, and the explanation only when the policy allows commented answers (Análise); the
 * students' explanations on every plan (issue 64).
 */
async function reveal(
  db: Db,
  q: OriginRow & { id: number; correctAnswer: string | null; explanation: string | null },
  policy: Policy,
  userId: string,
): Promise<Reveal> {
  const written = q.explanation?.trim() ? q.explanation : null
  const [catalog, cited, students, explanation_prompt] = await Promise.all([
    getCatalog(db),
    citationsOf(db, [q.id]),
    studentExplanationsOf(db, q.id, q.year, userId),
    askToExplain(db, userId, q.id),
  ])
  const access = commentedAnswerAccess(policy, catalog)
  const explanation = access.allowed ? written : null
  const locked = written && !access.allowed ? { explanation_locked: access.reason, explanation_message: access.message } : {}
  const citations = cited.get(q.id) ?? []
  const origin = explanationOrigin(q, explanation !== null)
  const community_answer = await communityAnswerFor(db, q.id, explanation !== null, hasFeature(policy, 'comments'))
  const shown = { explanation, ...origin, ...locked, citations, community_answer, ...students, explanation_prompt }
  if (q.correctAnswer === null) return { correct_answer: null, annulled: true, message: ANNULLED_MESSAGE, ...shown }
  return { correct_answer: q.correctAnswer, annulled: false, ...shown }
}

/** The answer key and explanation, counted against the weekly quota. */
export async function revealAnswer(
  db: Db,
  user: User,
  questionId: number,
  at: Date,
): Promise<UseOutcome<Reveal & { last_of_week: boolean }>> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const use = await claimQuestionUse(db, user, questionId, at)
  if (!use.allowed) return { kind: 'quota', message: use.message, policy: use.policy }
  return { kind: 'ok', value: { ...(await reveal(db, q, use.policy, user.id)), last_of_week: tookLastOfWeek(use) }, policy: use.policy }
}

export type RevealedOutcome = { kind: 'ok'; value: Reveal } | { kind: 'not-found' } | { kind: 'not-revealed' }

/**
 * The key of a question this user has already opened: used this week (answered or revealed,
 * so it is in question_usage) or answered at any time. Read-only: it never counts against
 * the quota, so a page may show it on a GET.
 */
export async function revealedAnswer(db: Db, user: User, questionId: number, at: Date): Promise<RevealedOutcome> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const [[used], [answered]] = await Promise.all([
    db
      .select({ id: questionUsage.questionId })
      .from(questionUsage)
      .where(and(eq(questionUsage.userId, user.id), eq(questionUsage.weekStart, weekStart(at)), eq(questionUsage.questionId, questionId)))
      .limit(1),
    db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, user.id), eq(attempts.questionId, questionId)))
      .limit(1),
  ])
  if (!used && !answered) return { kind: 'not-revealed' }
  return { kind: 'ok', value: await reveal(db, q, await getPolicy(db, user, at), user.id) }
}

/**
 * Records an attempt (not for annulled questions) and returns the key, within the quota.
 * `elapsedSeconds` comes from the signed shown-at token (timing.ts): null when unknown.
 */
export async function answerQuestion(
  db: Db,
  user: User,
  questionId: number,
  answer: string,
  at: Date,
  elapsedSeconds: number | null = null,
  /** The client's id of the answer: an answer already recorded under it (a second tap, a queued copy) is not recorded again. */
  clientId?: string,
  /** The second its card was shown (its signed token), when known. */
  shownAtSeconds: number | null = null,
): Promise<
  UseOutcome<
    Reveal & {
      correct: boolean | null
      answer: string
      elapsed_seconds: number | null
      review: ReviewOutcome | null
      last_of_week: boolean
    }
  >
> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const letter = answer.trim().toUpperCase()
  const letters = q.alternatives.map((a) => a.letter.toUpperCase())
  if (!letters.includes(letter)) return { kind: 'invalid-answer', letters }
  // The student read a version a re-upload has since changed (a page fetched ahead, a tab left
  // open): nothing recorded, nothing counted; they answer the version there is now. The token
  // knows the second only: a change in that same second counts as after it (one refusal at worst).
  if (shownAtSeconds !== null && q.contentChangedAt && q.contentChangedAt.getTime() >= shownAtSeconds * 1000) return { kind: 'changed' }
  const use = await claimQuestionUse(db, user, questionId, at)
  if (!use.allowed) return { kind: 'quota', message: use.message, policy: use.policy }
  const shown = { ...(await reveal(db, q, use.policy, user.id)), last_of_week: tookLastOfWeek(use) }
  if (shown.annulled)
    return { kind: 'ok', value: { ...shown, correct: null, answer: letter, elapsed_seconds: null, review: null }, policy: use.policy }
  const correct = isRight(letter, q.correctAnswer!)
  const [recorded] = await db.transaction((tx) =>
    recordAnswers(tx, user.id, [{ questionId, answer: letter, correct, elapsedSeconds, at, clientId }]),
  )
  // Asked after this answer, once it is recorded: only its first right answer asks.
  const explanation_prompt = correct && (await askToExplain(db, user.id, questionId))
  return {
    kind: 'ok',
    value: {
      ...shown,
      explanation_prompt,
      correct,
      answer: letter,
      elapsed_seconds: recorded?.elapsedSeconds ?? null,
      review: recorded?.review ?? null,
    },
    policy: use.policy,
  }
}

export async function reportError(
  db: Db,
  questionId: number,
  report: { message: string; kind: ErrorReportKind },
  userId: string | null,
  ip: string | null,
) {
  const q = await liveQuestion(db, questionId)
  if (!q) return false
  await db.insert(errorReports).values({ questionId, message: report.message, kind: report.kind, userId, ip })
  return true
}
