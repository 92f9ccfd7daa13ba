import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { SimulationFiltersValue, SimulationKindValue, SimulationShortfall } from '../../db/schema'
import { simulationQuestions, simulations } from '../../db/schema'
import { isRight, passMark, scoreOf } from '../../domain/answering'
import { recordAnswers } from '../../domain/attempts'
import { exameOrdemPlan, listExams } from '../../domain/exams'
import { monthOf, spMidnightSql } from '../../domain/time/calendar'
import type { Owner } from './allowance'
import { simulationAllowance } from './allowance'
import type { SheetCellJson, SimulationJson, SittingQuestionJson } from './contract'
import type { DrawOutcome } from './draw'
import { drawCustom, drawExameOrdem, drawPastExam } from './draw'
import {
  ALREADY_FINISHED,
  CHOICE_NOT_IN_QUESTION,
  CUSTOM_DEFAULT_SIZE,
  DEADLINE_PASSED,
  EXAM_NOT_FOUND,
  EXAME_ORDEM_MINUTES,
  LIST_LIMIT,
  MINUTES_PER_QUESTION,
  PLANS_URL,
  POSITION_INVALID,
  QUESTION_NOT_IN_SIMULATION,
  SIMULATION_NOT_FOUND,
} from './messages'
import type { CreateSimulationBody, SimulationAnswerBody } from './schemas'

/** A simulado's question as its rows read it (the sitting page's and the result's review). */
export type SittingQuestionRow = {
  question_id: number
  short_id: string
  number: number
  discipline_id: number
  discipline_name: string
  exam_name: string
  exam_year: number
  exam_board: string
  statement: string
  alternatives: { letter: string; text: string }[]
  choice: string | null
  marked: boolean
}

// Sitting a simulado (issue 29, ADR 045). The deadline is started_at + duration on the server's
// clock (ctx.clock, passed in as `now`), never the database's now(): a sitting past it is closed
// by the first read or write that sees it, with finished_at = its deadline, so no timer runs and
// any number of servers agree. Nothing here sends a key, an explanation or a statistic.

const iso = (value: Date | string) => new Date(value).toISOString()
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

export type SimulationRow = {
  id: number
  user_id: string
  kind: SimulationKindValue
  exam_id: number | null
  exam_name: string | null
  exam_year: number | null
  exam_board: string | null
  filters: SimulationFiltersValue | null
  size: number
  duration_minutes: number | null
  started_at: Date | string
  deadline_at: Date | string | null
  finished_at: Date | string | null
  closed_by_deadline: boolean
  current_position: number
  shortfall: SimulationShortfall[]
  score: number | null
  passed: boolean | null
  answered_count: number
  marked_count: number
}

const selectSimulation = (counts: boolean) => sql`SELECT s.id, s.user_id, s.kind, s.exam_id, e.name AS exam_name, e.year AS exam_year,
    e.board AS exam_board, s.filters, s.size, s.duration_minutes, s.started_at, s.deadline_at, s.finished_at, s.closed_by_deadline,
    s.current_position, s.shortfall, s.score, s.passed, ${
      counts
        ? sql`(SELECT count(*) FROM simulation_questions c WHERE c.simulation_id = s.id AND c.choice IS NOT NULL)::int AS answered_count,
    (SELECT count(*) FROM simulation_questions c WHERE c.simulation_id = s.id AND c.marked)::int AS marked_count`
        : sql`0 AS answered_count, 0 AS marked_count`
    }
  FROM simulations s LEFT JOIN exams e ON e.id = s.exam_id`
const SELECT_SIMULATION = selectSimulation(true)
// The sitting's page reads the whole sheet anyway: it counts there.
const SELECT_SIMULATION_BARE = selectSimulation(false)

async function loadOwn(db: Db, userId: string, id: number, counts = true) {
  const [row] = await queryRows<SimulationRow>(
    db,
    sql`${counts ? SELECT_SIMULATION : SELECT_SIMULATION_BARE} WHERE s.id = ${id} AND s.user_id = ${userId}`,
    { prepare: true },
  )
  return row ?? null
}

const expired = (row: Pick<SimulationRow, 'finished_at' | 'deadline_at'>, now: Date) =>
  row.finished_at === null && row.deadline_at !== null && new Date(row.deadline_at).getTime() <= now.getTime()

export function toSimulationJson(row: SimulationRow, now: Date): SimulationJson {
  const finished = row.finished_at !== null
  const left =
    !finished && row.deadline_at !== null ? Math.max(0, Math.floor((new Date(row.deadline_at).getTime() - now.getTime()) / 1000)) : null
  return {
    id: row.id,
    kind: row.kind,
    exam:
      row.exam_id !== null && row.exam_name !== null
        ? { id: row.exam_id, name: row.exam_name, year: row.exam_year ?? 0, board: row.exam_board ?? '' }
        : null,
    filters: row.filters,
    size: row.size,
    duration_minutes: row.duration_minutes,
    started_at: iso(row.started_at),
    deadline_at: isoOrNull(row.deadline_at),
    finished_at: isoOrNull(row.finished_at),
    status: finished ? 'finished' : 'in_progress',
    closed_by_deadline: row.closed_by_deadline,
    // Abandoned (issue 39): the clock closed it and nothing was ever saved; a grade of 0 would lie.
    closed_without_answers: finished && row.closed_by_deadline && row.answered_count === 0,
    time_left_seconds: left,
    current_position: row.current_position,
    answered_count: row.answered_count,
    marked_count: row.marked_count,
    pass_mark: passMark(row.size),
    score: finished ? row.score : null,
    passed: finished ? row.passed : null,
    // Sittings drawn before issue 63 §3 did not keep where the missing questions went.
    shortfall: (row.shortfall ?? []).map((f) => ({ ...f, to: f.to ?? [] })),
  }
}

/**
 * Ends a sitting: delivered by the student (at `at`) or closed by its deadline (at the
 * deadline). The first caller wins (the UPDATE's `finished_at IS NULL`), so a double submit or
 * two servers closing it at once score it once. The answers become attempts marked 'simulado'
 * (statistics, dashboard and ranking count them; the weekly quota does not: ADR 045).
 */
export async function finishSitting(db: Db, id: number, at: Date, byDeadline: boolean) {
  await db.transaction(async (tx) => {
    const [ended] = await queryRows<{ user_id: string; size: number }>(
      tx,
      sql`UPDATE simulations SET finished_at = ${at}, closed_by_deadline = ${byDeadline}
           WHERE id = ${id} AND finished_at IS NULL RETURNING user_id, size`,
    )
    if (!ended) return
    const rows = await queryRows<{
      question_id: number
      choice: string | null
      answered_at: Date | string | null
      correct_answer: string | null
    }>(
      tx,
      sql`SELECT sq.question_id, sq.choice, sq.answered_at, q.correct_answer
            FROM simulation_questions sq JOIN questions q ON q.id = sq.question_id
           WHERE sq.simulation_id = ${id}`,
    )
    // Scored by the one rule (server/domain/answering.ts), which a key changed later scores again.
    const { score, passed } = scoreOf(
      rows.map((r) => ({ choice: r.choice, key: r.correct_answer })),
      ended.size,
    )
    await tx.execute(sql`UPDATE simulations SET score = ${score}, passed = ${passed} WHERE id = ${id}`)
    const answered = rows.filter((r) => r.choice !== null && r.correct_answer !== null)
    if (!answered.length) return
    // Recorded as every answer is (server/domain/attempts.ts): the same locks, rows and review cards.
    await recordAnswers(
      tx,
      ended.user_id,
      answered.map((r) => ({
        questionId: r.question_id,
        answer: r.choice!,
        correct: isRight(r.choice!, r.correct_answer!),
        elapsedSeconds: null,
        at: r.answered_at ? new Date(r.answered_at) : at,
      })),
      { source: 'simulado', simulationId: id },
    )
  })
}

/** The sitting as it stands at `now`, closed first if its deadline has passed. */
async function current(db: Db, userId: string, id: number, now: Date, counts = true) {
  const row = await loadOwn(db, userId, id, counts)
  if (!row || !expired(row, now)) return row
  await finishSitting(db, id, new Date(row.deadline_at!), true)
  return loadOwn(db, userId, id, counts)
}

/** Closes every sitting of this student whose deadline has passed (the list's read). */
async function closeExpired(db: Db, userId: string, now: Date) {
  const due = await queryRows<{ id: number; deadline_at: Date | string }>(
    db,
    sql`SELECT id, deadline_at FROM simulations WHERE user_id = ${userId} AND finished_at IS NULL AND deadline_at <= ${now}`,
  )
  for (const d of due) await finishSitting(db, d.id, new Date(d.deadline_at), true)
}

export async function listSimulations(db: Db, userId: string, now: Date): Promise<SimulationJson[]> {
  await closeExpired(db, userId, now)
  const rows = await queryRows<SimulationRow>(
    db,
    sql`${SELECT_SIMULATION} WHERE s.user_id = ${userId} ORDER BY s.started_at DESC, s.id DESC LIMIT ${LIST_LIMIT}`,
  )
  return rows.map((r) => toSimulationJson(r, now))
}

const minutesFor = (size: number) => Math.ceil(size * MINUTES_PER_QUESTION)

/** Draws and starts a simulado, within the plan (one transaction under a per-student lock). */
export async function createSimulation(
  db: Db,
  owner: Owner,
  body: CreateSimulationBody,
  now: Date,
): Promise<DomainOutcome<SimulationJson>> {
  const allowance = await simulationAllowance(db, owner, now)
  const kind = allowance[body.kind]
  if (!kind.allowed)
    return {
      kind: 'forbidden',
      message: kind.message ?? '',
      code: kind.code ?? 'PLAN_REQUIRED',
      extra: { limit: kind.limit, used_this_month: kind.used_this_month, plans_url: PLANS_URL },
    }

  let draw: DrawOutcome
  let examId: number | null = null
  let duration: number | null
  let filters: SimulationFiltersValue | null = null
  if (body.kind === 'exame_ordem') {
    draw = await drawExameOrdem(db, await exameOrdemPlan(db))
    duration = EXAME_ORDEM_MINUTES
  } else if (body.kind === 'prova_anterior') {
    const [exam] = await listExams(db, body.exam_id!)
    if (!exam) return { kind: 'not-found', message: EXAM_NOT_FOUND }
    draw = await drawPastExam(db, exam)
    examId = exam.id
    duration = minutesFor(exam.question_count)
  } else {
    filters = body.filters ?? {}
    const size = body.size ?? CUSTOM_DEFAULT_SIZE
    duration = body.duration_minutes === undefined ? minutesFor(size) : body.duration_minutes
    draw = await drawCustom(db, owner.id, filters, size)
  }
  if (draw.kind !== 'ok') return draw
  const drawn = draw.drawn
  const shortfall = draw.shortfall

  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`simulations:${owner.id}`}))`)
    // Checked again under the lock: two starts at once cannot both take the month's last one.
    if (body.kind === 'prova_anterior' && kind.limit !== null) {
      const [{ n }] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM simulations WHERE user_id = ${owner.id} AND kind = 'prova_anterior'
              AND started_at >= ${spMidnightSql(monthOf(now).start)}`,
      )
      if (n >= kind.limit) return null
    }
    const [row] = await tx
      .insert(simulations)
      .values({
        userId: owner.id,
        kind: body.kind,
        examId,
        filters,
        size: drawn.length,
        durationMinutes: duration,
        startedAt: now,
        deadlineAt: duration === null ? null : new Date(now.getTime() + duration * 60_000),
        shortfall,
      })
      .returning({ id: simulations.id })
    await tx
      .insert(simulationQuestions)
      .values(drawn.map((d, i) => ({ simulationId: row.id, position: i + 1, questionId: d.questionId, disciplineId: d.disciplineId })))
    return row.id
  })
  if (outcome === null) {
    const again = (await simulationAllowance(db, owner, now))[body.kind]
    return { kind: 'forbidden', message: again.message ?? '', code: again.code ?? 'SIMULATION_LIMIT', extra: { plans_url: PLANS_URL } }
  }
  const row = await loadOwn(db, owner.id, outcome)
  return { kind: 'ok', value: toSimulationJson(row!, now) }
}

type SittingView = { simulation: SimulationJson; sheet: SheetCellJson[]; question: SittingQuestionJson }

/** The sitting, its answer sheet and the question at `position` (default: where the student stopped). */
export async function getSitting(
  db: Db,
  userId: string,
  id: number,
  position: number | undefined,
  now: Date,
): Promise<DomainOutcome<SittingView>> {
  const row = await current(db, userId, id, now, false)
  if (!row) return { kind: 'not-found', message: SIMULATION_NOT_FOUND }
  const at = position ?? row.current_position
  if (at > row.size) return { kind: 'invalid', message: POSITION_INVALID }
  const [sheet, [question]] = await Promise.all([
    queryRows<{ position: number; question_id: number; discipline_id: number; choice: string | null; marked: boolean }>(
      db,
      sql`SELECT position, question_id, discipline_id, choice, marked FROM simulation_questions WHERE simulation_id = ${id} ORDER BY position`,
      { prepare: true },
    ),
    queryRows<SittingQuestionRow>(
      db,
      sql`SELECT sq.question_id, q.short_id, q.number, q.discipline_id, d.name AS discipline_name, e.name AS exam_name,
                 e.year AS exam_year, e.board AS exam_board, q.statement, q.alternatives, sq.choice, sq.marked
            FROM simulation_questions sq
            JOIN questions q ON q.id = sq.question_id
            JOIN disciplines d ON d.id = q.discipline_id
            JOIN exams e ON e.id = q.exam_id
           WHERE sq.simulation_id = ${id} AND sq.position = ${at}`,
      { prepare: true },
    ),
  ])
  if (!question) return { kind: 'invalid', message: POSITION_INVALID }
  const counted = {
    ...row,
    answered_count: sheet.filter((c) => c.choice !== null).length,
    marked_count: sheet.filter((c) => c.marked).length,
  }
  return {
    kind: 'ok',
    value: {
      simulation: toSimulationJson(counted, now),
      sheet: sheet.map((c) => ({ ...c, answered: c.choice !== null })),
      question: {
        position: at,
        question_id: question.question_id,
        short_id: question.short_id,
        number: question.number,
        discipline_id: question.discipline_id,
        discipline_name: question.discipline_name,
        exam_name: question.exam_name,
        exam_year: question.exam_year,
        exam_board: question.exam_board,
        question_text: question.statement,
        alternatives: question.alternatives.map((a) => ({ letter: a.letter, text_content: a.text })),
        choice: question.choice,
        marked: question.marked,
        previous_position: at > 1 ? at - 1 : null,
        next_position: at < row.size ? at + 1 : null,
      },
    },
  }
}

type Saved = {
  position: number
  question_id: number
  choice: string | null
  marked: boolean
  next_position: number | null
  time_left_seconds: number | null
}

/**
 * Saves a choice (or a blank) and the review mark: ONE statement. It first takes the sitting's
 * row (current_position, and a lock a concurrent delivery waits on) only while it is open and
 * before its deadline, then writes the sheet's cell, checking the letter is one of the
 * question's. Only when it writes nothing does a second read say why (404, 409 or 400).
 */
export async function saveAnswer(
  db: Db,
  userId: string,
  id: number,
  questionId: number,
  body: SimulationAnswerBody,
  now: Date,
): Promise<DomainOutcome<Saved>> {
  const setChoice = body.choice !== undefined
  const setMarked = body.marked !== undefined
  const choice = body.choice ?? null
  const [saved] = await queryRows<{
    position: number
    choice: string | null
    marked: boolean
    size: number
    deadline_at: Date | string | null
  }>(
    db,
    sql`WITH s AS (
          UPDATE simulations s SET current_position = c.position
            FROM simulation_questions c
           WHERE s.id = ${id} AND s.user_id = ${userId} AND s.finished_at IS NULL
             AND (s.deadline_at IS NULL OR s.deadline_at > ${now})
             AND c.simulation_id = s.id AND c.question_id = ${questionId}
          RETURNING s.id, c.position, s.size, s.deadline_at
        )
        UPDATE simulation_questions t SET
               choice = CASE WHEN ${setChoice} THEN ${choice}::text ELSE t.choice END,
               marked = CASE WHEN ${setMarked} THEN ${body.marked ?? false} ELSE t.marked END,
               answered_at = ${now}
          FROM s, questions q
         WHERE t.simulation_id = s.id AND t.position = s.position AND q.id = t.question_id
           AND (${choice}::text IS NULL OR q.alternatives @> jsonb_build_array(jsonb_build_object('letter', ${choice}::text)))
        RETURNING t.position, t.choice, t.marked, s.size, s.deadline_at`,
    { prepare: true },
  )
  if (saved) {
    const left = saved.deadline_at === null ? null : Math.max(0, Math.floor((new Date(saved.deadline_at).getTime() - now.getTime()) / 1000))
    return {
      kind: 'ok',
      value: {
        position: saved.position,
        question_id: questionId,
        choice: saved.choice,
        marked: saved.marked,
        next_position: saved.position < saved.size ? saved.position + 1 : null,
        time_left_seconds: left,
      },
    }
  }
  const row = await current(db, userId, id, now)
  if (!row) return { kind: 'not-found', message: SIMULATION_NOT_FOUND }
  if (row.finished_at !== null) return { kind: 'conflict', message: row.closed_by_deadline ? DEADLINE_PASSED : ALREADY_FINISHED }
  const [cell] = await queryRows<{ position: number }>(
    db,
    sql`SELECT position FROM simulation_questions WHERE simulation_id = ${id} AND question_id = ${questionId}`,
  )
  if (!cell) return { kind: 'not-found', message: QUESTION_NOT_IN_SIMULATION }
  return { kind: 'invalid', message: CHOICE_NOT_IN_QUESTION }
}

/** Delivers the sitting (a finished one answers as it is: a double submit is no error). */
export async function deliver(db: Db, userId: string, id: number, now: Date): Promise<DomainOutcome<SimulationJson>> {
  const row = await current(db, userId, id, now)
  if (!row) return { kind: 'not-found', message: SIMULATION_NOT_FOUND }
  if (row.finished_at === null) await finishSitting(db, id, now, false)
  const done = await loadOwn(db, userId, id)
  return { kind: 'ok', value: toSimulationJson(done!, now) }
}

export { current as currentSitting }
