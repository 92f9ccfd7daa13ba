import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import { EXAME_ORDEM_PASS, EXAME_ORDEM_SIZE, PASS_SHARE } from './exame-ordem'

// Whether an answer is right, and how a set of answers scores (issue 62): the one home of the
// rule the bank's answer, offline sync, a simulado's sitting and its result all follow. An
// annulled question (no key) counts as right for everyone, as the board scores it; a blank one
// counts as nothing.

export type Outcome = 'right' | 'wrong' | 'blank' | 'annulled'

/** A chosen letter against a key (null: annulled). Letters compare without case. */
export function outcomeOf(choice: string | null | undefined, key: string | null): Outcome {
  if (key === null) return 'annulled'
  if (choice === null || choice === undefined || choice === '') return 'blank'
  return choice.toUpperCase() === key.toUpperCase() ? 'right' : 'wrong'
}

/** An answer to a question with a key is right when its letter is the key's. */
export const isRight = (choice: string, key: string) => outcomeOf(choice, key) === 'right'

/** What counts towards a score: a right answer, and an annulled question. */
export const scores = (outcome: Outcome) => outcome === 'right' || outcome === 'annulled'

/** 40 of 80, as the Exame de Ordem; the same half of any other size. */
export const passMark = (size: number) => (size === EXAME_ORDEM_SIZE ? EXAME_ORDEM_PASS : Math.ceil(size * PASS_SHARE))

/** A set of answers scored: its counts, the score and whether it reaches the pass mark of `size` questions. */
export function scoreOf(answers: { choice: string | null; key: string | null }[], size = answers.length) {
  const outcomes = answers.map((a) => outcomeOf(a.choice, a.key))
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length
  const score = outcomes.filter(scores).length
  return {
    score,
    right: score,
    wrong: count('wrong'),
    blank: count('blank'),
    annulled: count('annulled'),
    size,
    passed: score >= passMark(size),
  }
}

/**
 * Scores finished simulados again from today's keys (issue 62: a simulado has one score). When an
 * exam's file annuls or changes a key after delivery the board re-grades everyone: so do the
 * stored scores the history, the ranking's comparison and the dashboard read, in the import's
 * transaction. `questionIds` are the questions whose key changed; `ids` limits it to some sittings.
 */
export async function regradeSittings(db: Db, scope: { questionIds: number[] } | { ids: number[] }) {
  const filter =
    'ids' in scope
      ? sql`s.id = ANY(${sql.param(scope.ids)}::int[])`
      : sql`s.id IN (SELECT simulation_id FROM simulation_questions WHERE question_id = ANY(${sql.param(scope.questionIds)}::int[]))`
  const rows = await queryRows<{ id: number; size: number; score: number | null; choice: string | null; correct_answer: string | null }>(
    db,
    sql`SELECT s.id, s.size, s.score, sq.choice, q.correct_answer
          FROM simulations s JOIN simulation_questions sq ON sq.simulation_id = s.id JOIN questions q ON q.id = sq.question_id
         WHERE s.finished_at IS NOT NULL AND ${filter}`,
  )
  const bySitting = new Map<number, { size: number; stored: number | null; answers: { choice: string | null; key: string | null }[] }>()
  for (const r of rows) {
    const entry = bySitting.get(Number(r.id)) ?? { size: Number(r.size), stored: r.score, answers: [] }
    entry.answers.push({ choice: r.choice, key: r.correct_answer })
    bySitting.set(Number(r.id), entry)
  }
  const changed = [...bySitting]
    .map(([id, s]) => ({ id, ...scoreOf(s.answers, s.size), stored: s.stored }))
    .filter((s) => s.score !== s.stored)
  if (changed.length)
    await db.execute(sql`
      UPDATE simulations AS s SET score = v.score, passed = v.passed
        FROM jsonb_to_recordset(${JSON.stringify(changed.map(({ id, score, passed }) => ({ id, score, passed })))}::jsonb)
          AS v(id int, score int, passed boolean)
       WHERE s.id = v.id`)
  return changed.length
}
