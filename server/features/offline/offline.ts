import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { ExplanationSource, PlanName } from '../../db/schema'
import { explanationOrigin } from '../../domain/analysis-source'
import { isRight } from '../../domain/answering'
import type { AnswerToRecord } from '../../domain/attempts'
import { recordAnswers, syncedClientIds } from '../../domain/attempts'
import { questionName, shortExamName } from '../../domain/questions/exam-name'
import { elapsedFromToken } from '../../domain/questions/timing'
import { HELD_BY_SIMULATION_MESSAGE, sittingHolding } from '../../domain/sitting-hold'
import type { Policy } from '../plans/index'
import { getCatalog } from '../plans/index'
import { claimQuestionUse, commentedAnswerAccess, getPolicy } from '../plans/index'
import type { OfflineQuestionJson, SyncResultJson } from './contract'
import {
  BAD_LETTER,
  BEFORE_DOWNLOAD,
  CLOCK_SLACK_MS,
  IN_THE_FUTURE,
  NOT_DOWNLOADED,
  PER_QUESTION_MAX,
  QUESTION_GONE,
  QUOTA_LEFT_OUT,
  TOO_MANY_FOR_ONE_QUESTION,
} from './messages'
import type { SyncBody } from './schemas'

// Offline practice's rules (issue 39 §6, ADR 056). A download claims each question against the
// week's quota as opening it would, and remembers when; a sync records each answer once (its
// client id), at the time it was given, through recordAnswers like every other answer. A second
// download keeps the first one's time (issue 61): an answer given between the two is still after
// its download.

type User = { id: string; planName: PlanName }

type QuestionRow = {
  id: number
  number: number
  statement: string
  alternatives: { letter: string; text: string }[] | string
  correct_answer: string | null
  explanation: string | null
  explanation_source: ExplanationSource | null
  explanation_author: string | null
  explanation_credit: string | null
  alternative_comments: Record<string, string> | null
  discipline_name: string
  exam_name: string | null
  board: string
  year: number
}

async function liveQuestions(db: Db, ids: number[]) {
  const rows = await queryRows<QuestionRow>(
    db,
    sql`SELECT q.id, q.number, q.statement, q.alternatives, q.correct_answer, q.explanation, d.name AS discipline_name,
               e.name AS exam_name, q.board, q.year, q.explanation_source, p.name AS explanation_author, q.explanation_credit,
               q.alternative_comments
          FROM questions q JOIN disciplines d ON d.id = q.discipline_id JOIN exams e ON e.id = q.exam_id
          LEFT JOIN users p ON p.id = q.explanation_by
         WHERE q.id = ANY(${sql.param(ids)}::int[]) AND q.removed_at IS NULL`,
  )
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { ...r, alternatives: typeof r.alternatives === 'string' ? JSON.parse(r.alternatives) : r.alternatives },
    ]),
  )
}

export async function downloadQuestions(db: Db, user: User, ids: number[], now: Date) {
  const wanted = [...new Set(ids)]
  const found = await liveQuestions(db, wanted)
  const kept: number[] = []
  let policy: Policy | null = null
  let quotaHit = false
  for (const id of wanted) {
    if (!found.has(id) || (await sittingHolding(db, user.id, id, now))) continue
    const use = await claimQuestionUse(db, user, id, now)
    policy = use.policy
    if (!use.allowed) {
      quotaHit = true
      break
    }
    kept.push(id)
  }
  if (kept.length) {
    await db.execute(sql`
      INSERT INTO offline_downloads (user_id, question_id, downloaded_at)
      SELECT ${user.id}, qid, ${now} FROM unnest(${sql.param(kept)}::int[]) AS qid
      ON CONFLICT (user_id, question_id) DO NOTHING`)
  }
  const access = commentedAnswerAccess(policy ?? (await getPolicy(db, user, now)), await getCatalog(db))
  const questions: OfflineQuestionJson[] = kept.map((id) => {
    const q = found.get(id)!
    const explanation = access.allowed && q.explanation?.trim() ? q.explanation : null
    const origin = explanationOrigin(
      {
        explanationSource: q.explanation_source,
        authorName: q.explanation_author,
        explanationCredit: q.explanation_credit,
        alternativeComments: q.alternative_comments,
        examName: q.exam_name,
        board: q.board,
        year: Number(q.year),
      },
      explanation !== null,
    )
    return {
      id,
      name: questionName(shortExamName(q.exam_name?.trim() ? q.exam_name : null, q.board, Number(q.year)), Number(q.number)),
      discipline_name: q.discipline_name,
      question_text: q.statement,
      alternatives: q.alternatives.map((a: { letter: string; text: string }) => ({ letter: a.letter, text_content: a.text })),
      correct_answer: q.correct_answer,
      explanation,
      ...origin,
    }
  })
  return {
    downloaded_at: now.toISOString(),
    questions,
    left_out: wanted.length - kept.length,
    message: quotaHit ? QUOTA_LEFT_OUT(kept.length, wanted.length) : null,
  }
}

/**
 * An answer to a question that was not downloaded: one given on its page when the connection
 * dropped (issue 39: "sua resposta será enviada quando voltar"). The page's signed shown-at token
 * proves it was shown to this student; it counts against the week now, as answering online would.
 */
async function shownOnItsPage(db: Db, user: User, a: SyncBody['answers'][number], secret: string, now: Date) {
  const elapsed = elapsedFromToken(secret, a.shown_token, user.id, a.question_id, new Date(a.answered_at))
  if (elapsed === null) return { ok: false as const, message: NOT_DOWNLOADED }
  const use = await claimQuestionUse(db, user, a.question_id, now)
  return use.allowed ? { ok: true as const, elapsed } : { ok: false as const, message: use.message }
}

export async function syncAnswers(
  db: Db,
  user: User,
  answers: SyncBody['answers'],
  now: Date,
  secret: string,
): Promise<DomainOutcome<SyncResultJson[]>> {
  const ids = [...new Set(answers.map((a) => a.question_id))]
  const [found, downloads, known] = await Promise.all([
    liveQuestions(db, ids),
    queryRows<{ question_id: number; downloaded_at: Date | string }>(
      db,
      sql`SELECT question_id, downloaded_at FROM offline_downloads WHERE user_id = ${user.id} AND question_id = ANY(${sql.param(ids)}::int[])`,
    ),
    // Answered before (a sync that lost its reply): said at once, before any check or quota.
    syncedClientIds(
      db,
      user.id,
      answers.map((a) => a.client_id),
    ),
  ])
  const downloadedAt = new Map(downloads.map((d) => [Number(d.question_id), new Date(d.downloaded_at)]))
  const seen = new Set(known)
  const results = new Map<string, SyncResultJson>()
  const toRecord: AnswerToRecord[] = []
  // New answers per question in this sync: past PER_QUESTION_MAX they are refused (issue 61: one
  // request recorded 490 answers to one question).
  const perQuestion = new Map<number, number>()
  for (const a of answers) {
    const refuse = (message: string) => results.set(a.client_id, { client_id: a.client_id, status: 'refused', message })
    if (seen.has(a.client_id)) {
      results.set(a.client_id, { client_id: a.client_id, status: 'duplicate' })
      continue
    }
    seen.add(a.client_id)
    const count = (perQuestion.get(a.question_id) ?? 0) + 1
    perQuestion.set(a.question_id, count)
    if (count > PER_QUESTION_MAX) {
      refuse(TOO_MANY_FOR_ONE_QUESTION)
      continue
    }
    const q = found.get(a.question_id)
    const at = new Date(a.answered_at)
    const since = downloadedAt.get(a.question_id)
    const letter = a.answer.toUpperCase()
    const shown = q && !since && a.shown_token ? await shownOnItsPage(db, user, a, secret, now) : null
    if (!q) refuse(QUESTION_GONE)
    else if (shown && !shown.ok) refuse(shown.message)
    else if (!since && !shown) refuse(NOT_DOWNLOADED)
    else if (since && at < since) refuse(BEFORE_DOWNLOAD)
    else if (at.getTime() > now.getTime() + CLOCK_SLACK_MS) refuse(IN_THE_FUTURE)
    else if (!q.alternatives.some((alt: { letter: string }) => alt.letter.toUpperCase() === letter)) refuse(BAD_LETTER)
    else if (q.correct_answer === null) results.set(a.client_id, { client_id: a.client_id, status: 'annulled' })
    else if (await sittingHolding(db, user.id, q.id, now)) refuse(HELD_BY_SIMULATION_MESSAGE)
    else {
      toRecord.push({
        questionId: q.id,
        answer: letter,
        correct: isRight(letter, q.correct_answer),
        elapsedSeconds: shown?.ok ? shown.elapsed : null,
        at,
        clientId: a.client_id,
      })
    }
  }
  // In answering order, so each question's review card follows the answers as they were given.
  toRecord.sort((x, y) => x.at.getTime() - y.at.getTime())
  const recorded = await db.transaction((tx) => recordAnswers(tx, user.id, toRecord, { source: 'offline' }))
  const inserted = new Set(recorded.map((r) => r.clientId))
  for (const a of toRecord)
    results.set(a.clientId!, { client_id: a.clientId!, status: inserted.has(a.clientId!) ? 'recorded' : 'duplicate' })
  return { kind: 'ok', value: answers.map((a) => results.get(a.client_id)!) }
}
