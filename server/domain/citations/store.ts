import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { Alternative } from '../../db/schema'
import { questionCitations } from '../../db/schema'
import { nextTurn } from '../../db/turn'
import { anyOf } from '../exams'
import type { Tx } from '../reference-notify'
import type { Citation } from './extract'
import { questionCitations as extract } from './extract'

// Where the citations live (ADR 055): read from each question once per extractor version (a new
// or re-imported question has none, a better extractor bumps CITATIONS_VERSION and everything is
// read again at the next start), then filtered and listed from the table.

/** Bump when the extractor changes: every question is read again at the next start (2: issue 63 §4). */
export const CITATIONS_VERSION = 2
const BATCH = 500

type CitedRow = { id: number; statement: string; alternatives: Alternative[]; explanation: string | null; year: number }
const CITED_COLUMNS = sql`SELECT id, statement, alternatives, explanation, year FROM questions`

/**
 * Reads the citations of every question not read with this version; how many questions it read.
 * Replicas starting together share the work: each takes a batch no other holds (SKIP LOCKED).
 */
export async function readCitations(db: Db) {
  let total = 0
  for (;;) {
    const read = await db.transaction(async (tx) => {
      const rows = await queryRows<CitedRow>(
        tx,
        sql`${CITED_COLUMNS} WHERE citations_version IS DISTINCT FROM ${CITATIONS_VERSION} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      )
      if (rows.length) await storeCitations(tx, rows)
      return rows.length
    })
    if (!read) return total
    total += read
    await nextTurn()
  }
}

/** Reads some questions' citations again now, in the caller's transaction (an analysis just published). */
export async function rereadCitations(tx: Tx, ids: number[]) {
  await storeCitations(tx, await queryRows<CitedRow>(tx, sql`${CITED_COLUMNS} WHERE id = ${anyOf(ids, 'int')}`))
}

async function storeCitations(tx: Tx, rows: CitedRow[]) {
  const ids = rows.map((r) => r.id)
  const found = rows.flatMap((r) =>
    extract(r, r.year).map((c) => ({ questionId: r.id, key: c.key, label: c.label, article: c.article ?? '', url: c.url })),
  )
  await tx.execute(sql`DELETE FROM question_citations WHERE question_id = ${anyOf(ids, 'int')}`)
  if (found.length) await tx.insert(questionCitations).values(found).onConflictDoNothing()
  await tx.execute(sql`UPDATE questions SET citations_version = ${CITATIONS_VERSION} WHERE id = ${anyOf(ids, 'int')}`)
}

/** The citations of some questions, by label, then article. */
export async function citationsOf(db: Db, ids: number[]) {
  const out = new Map<number, Citation[]>()
  if (!ids.length) return out
  const rows = await queryRows<{ question_id: number; key: string; label: string; article: string; url: string | null }>(
    db,
    sql`SELECT question_id, key, label, article, url FROM question_citations
         WHERE question_id = ${anyOf(ids, 'int')} ORDER BY question_id, label, article`,
  )
  for (const r of rows) {
    const list = out.get(r.question_id) ?? []
    list.push({ key: r.key, label: r.label, article: r.article || null, url: r.url })
    out.set(r.question_id, list)
  }
  return out
}

/** The norms the live questions cite, most cited first: the "Legislação citada" filter's options. */
export async function citedNorms(db: Db, limit = 200) {
  return queryRows<{ key: string; label: string; questions: number }>(
    db,
    sql`SELECT c.key, min(c.label) AS label, count(DISTINCT c.question_id)::int AS questions
          FROM question_citations c JOIN questions q ON q.id = c.question_id
         WHERE q.removed_at IS NULL
         GROUP BY c.key ORDER BY questions DESC, label LIMIT ${limit}`,
  )
}
