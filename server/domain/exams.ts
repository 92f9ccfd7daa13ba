import { asc, desc, eq, ne, sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import type { SimulationShortfall } from '../db/schema'
import { disciplines, simulationMix } from '../db/schema'
import { lastModel } from './classify/current'
import { EXAME_ORDEM_MINUTES, EXAME_ORDEM_PASS, EXAME_ORDEM_SIZE } from './exame-ordem'
import { UNCLASSIFIED_KEY } from './import/parse-exam'

// The exams in the bank and the Exame de Ordem's discipline mix (ADR 045, moved here by ADR 050):
// the simulados draw in it and the study plan spreads a week's new questions by it, so it is the
// kernel's. The admin's table; else the newest whole booklet whose disciplines are all sure
// (ADR 054); else the official distribution kept as data.

/** SQL: `value = ANY($1::type[])` for a list parameter. */
export const anyOf = (values: number[] | string[], type: 'int' | 'text') => sql`ANY(${sql.param(values)}::${sql.raw(type)}[])`

/** An exam as the bank holds it (the simulations contract's ExamJson). */
export type ExamSummary = {
  id: number
  name: string
  year: number
  board: string
  organization: string | null
  question_count: number
  annulled_count: number
  complete: boolean
}

type MixLine = { discipline_id: number; discipline_name: string; count: number; available: number }
type Shortfall = Required<SimulationShortfall>

/** The mix an Exame de Ordem simulado is drawn in (the simulations contract's ExameOrdemPlanJson). */
export type ExameOrdemPlan = {
  source: 'admin' | 'exam' | 'official' | 'none'
  /** `predicted`: how many of the booklet's questions have a predicted discipline (ADR 051). */
  exam: { id: number; name: string; year: number; board: string; predicted: number } | null
  passed_over: PassedOver[]
  /** Where the mix comes from, said to students ("Na proporção do XXV Exame …"). */
  summary: string
  mix: MixLine[]
  shortfall: Shortfall[]
  size: number
  duration_minutes: number
  pass_mark: number
}

type ExamRow = {
  id: number
  name: string
  year: number
  board: string
  organization: string | null
  live: number
  annulled: number
  min_number: number | null
  max_number: number | null
  removed: number
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 }

/** The edition of 'XXXV Exame de Ordem Unificado' (35) or 'Exame de Ordem Unificado 2010.3' (3); 0 when none. */
export function examEdition(name: string) {
  const roman = /^\s*([IVXLC]+)\b/.exec(name)?.[1]
  if (roman) {
    let total = 0
    for (let i = 0; i < roman.length; i++) {
      const v = ROMAN[roman[i]]
      total += v < (ROMAN[roman[i + 1]] ?? 0) ? -v : v
    }
    return total
  }
  return Number(/\b\d{4}\.(\d{1,2})\b/.exec(name)?.[1] ?? 0)
}

/** An Exame de Ordem booklet, as opposed to a contest's exam or a course's mock. */
const isExameDeOrdem = (e: Pick<ExamRow, 'name' | 'organization'>) =>
  /exame\s+de\s+ordem/i.test(e.name) || (e.organization ?? '').trim().toUpperCase() === 'OAB'

/**
 * Every exam with live questions, newest first (year, then edition). Whole: its live questions
 * are numbered 1 to N with no gap and none removed by a re-upload.
 */
export async function listExams(db: Db, only?: number): Promise<ExamSummary[]> {
  const rows = await queryRows<ExamRow>(
    db,
    sql`SELECT e.id, e.name, e.year, e.board, e.organization,
          count(q.id) FILTER (WHERE q.removed_at IS NULL)::int AS live,
          count(q.id) FILTER (WHERE q.removed_at IS NULL AND q.correct_answer IS NULL)::int AS annulled,
          min(q.number) FILTER (WHERE q.removed_at IS NULL)::int AS min_number,
          max(q.number) FILTER (WHERE q.removed_at IS NULL)::int AS max_number,
          count(q.id) FILTER (WHERE q.removed_at IS NOT NULL)::int AS removed
        FROM exams e JOIN questions q ON q.exam_id = e.id
        ${only === undefined ? sql`` : sql`WHERE e.id = ${only}`}
        GROUP BY e.id`,
  )
  return rows
    .filter((r) => r.live > 0)
    .sort((a, b) => b.year - a.year || examEdition(b.name) - examEdition(a.name) || b.id - a.id)
    .map((r) => ({
      id: r.id,
      name: r.name,
      year: r.year,
      board: r.board,
      organization: r.organization,
      question_count: r.live,
      annulled_count: r.annulled,
      complete: r.removed === 0 && r.min_number === 1 && r.max_number === r.live,
    }))
}

type MixRow = { disciplineId: number; count: number }

export async function disciplineNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const rows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM disciplines WHERE id = ${anyOf(ids, 'int')}`)
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Live, not annulled, not confirmed outdated questions per discipline: what an Exame de Ordem draw can take. */
async function availableByDiscipline(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>()
  const rows = await queryRows<{ discipline_id: number; n: number }>(
    db,
    sql`SELECT discipline_id, count(*)::int AS n FROM questions
         WHERE removed_at IS NULL AND correct_answer IS NOT NULL AND outdated_at IS NULL AND discipline_id = ${anyOf(ids, 'int')}
         GROUP BY discipline_id`,
  )
  return new Map(rows.map((r) => [r.discipline_id, r.n]))
}

/** Why a newer whole booklet did not give the mix: questions with no discipline, or a prediction not sure enough. */
export type PassedOver = { id: number; name: string; unclassified: number; uncertain: number }

/** The confidence from which a stored prediction is sure: the model in use's tuned threshold (ADR 051, 052). */
function sureFrom(db: Db) {
  const model = lastModel(db)
  return model.ok ? model.model.data.threshold : 1
}

/**
 * The newest whole Exame de Ordem booklet of 80 questions whose every question has a discipline
 * the bank can stand by (the file's, an admin's, or a confident prediction), and its mix in the
 * booklet's order. The newer whole booklets that fell short are returned to say why.
 */
async function bookletMix(db: Db) {
  const candidates = (await listExams(db)).filter((e) => e.complete && e.question_count === EXAME_ORDEM_SIZE && isExameDeOrdem(e))
  if (!candidates.length) return { booklet: null, passedOver: [] as PassedOver[] }
  const stats = await queryRows<{ exam_id: number; unclassified: number; uncertain: number; predicted: number }>(
    db,
    sql`SELECT q.exam_id,
               count(*) FILTER (WHERE d.name_key = ${UNCLASSIFIED_KEY})::int AS unclassified,
               count(*) FILTER (WHERE d.name_key <> ${UNCLASSIFIED_KEY} AND q.discipline_source = 'prediction'
                                  AND coalesce(q.discipline_confidence, 0) < ${sureFrom(db)})::int AS uncertain,
               count(*) FILTER (WHERE q.discipline_source = 'prediction')::int AS predicted
          FROM questions q JOIN disciplines d ON d.id = q.discipline_id
         WHERE q.removed_at IS NULL AND q.exam_id = ${anyOf(
           candidates.map((e) => e.id),
           'int',
         )}
         GROUP BY q.exam_id`,
  )
  const byExam = new Map(stats.map((r) => [r.exam_id, r]))
  const passedOver: PassedOver[] = []
  for (const exam of candidates) {
    const s = byExam.get(exam.id)
    if (s && (s.unclassified || s.uncertain)) {
      passedOver.push({ id: exam.id, name: exam.name, unclassified: s.unclassified, uncertain: s.uncertain })
      continue
    }
    const rows = await queryRows<{ discipline_id: number; n: number }>(
      db,
      sql`SELECT discipline_id, count(*)::int AS n, min(number) AS first FROM questions
           WHERE exam_id = ${exam.id} AND removed_at IS NULL GROUP BY discipline_id ORDER BY first`,
    )
    const mix = rows.map((r) => ({ disciplineId: r.discipline_id, count: r.n }))
    return { booklet: { exam, mix, predicted: s?.predicted ?? 0 }, passedOver }
  }
  return { booklet: null, passedOver }
}

/** The official distribution kept as data: its lines on the bank's disciplines, and those the bank lacks. */
async function officialMixRows(db: Db): Promise<{ mix: MixRow[]; absent: Absent[] }> {
  const rows = await queryRows<{ disciplineId: number | null; name: string; count: number }>(
    db,
    sql`SELECT d.id AS "disciplineId", o.name, o.count FROM official_mix o LEFT JOIN disciplines d ON d.name_key = o.name_key
         WHERE o.count > 0 ORDER BY o.position`,
  )
  return {
    mix: rows.flatMap((r) => (r.disciplineId === null ? [] : [{ disciplineId: r.disciplineId, count: r.count }])),
    absent: rows.flatMap((r) => (r.disciplineId === null ? [{ name: r.name, count: r.count }] : [])),
  }
}

/** A line of the distribution whose discipline the bank does not have at all. */
type Absent = { name: string; count: number }

/**
 * Where the questions a discipline cannot give go (issue 63 §3): one at a time, to the line with
 * spare questions whose share is largest for what it already received (count / (extra + 1), the
 * mix's order breaking ties): Ética's 8 take the first, then the 6s… Deterministic, so the page
 * says beforehand what the draw does.
 */
export function redistribute(rows: MixLine[], absent: Absent[]): Shortfall[] {
  const extra = new Map<number, number>()
  const spare = (r: MixLine) => r.available - r.count - (extra.get(r.discipline_id) ?? 0)
  const short: { line: Omit<Shortfall, 'to'>; missing: number }[] = [
    ...rows
      .filter((r) => r.available < r.count)
      .map((r) => ({
        line: { discipline_id: r.discipline_id, discipline_name: r.discipline_name, wanted: r.count, drawn: r.available },
        missing: r.count - r.available,
      })),
    ...absent.map((a) => ({ line: { discipline_id: null, discipline_name: a.name, wanted: a.count, drawn: 0 }, missing: a.count })),
  ]
  return short.map(({ line, missing }) => {
    const to = new Map<number, number>()
    for (let i = 0; i < missing; i++) {
      let best: MixLine | undefined
      for (const r of rows) {
        if (spare(r) <= 0) continue
        if (!best || r.count / ((extra.get(r.discipline_id) ?? 0) + 1) > best.count / ((extra.get(best.discipline_id) ?? 0) + 1)) best = r
      }
      // Nothing spare left: the draw makes up the rest from any discipline, as before.
      if (!best) break
      extra.set(best.discipline_id, (extra.get(best.discipline_id) ?? 0) + 1)
      to.set(best.discipline_id, (to.get(best.discipline_id) ?? 0) + 1)
    }
    return {
      ...line,
      to: [...to].map(([id, count]) => ({
        discipline_id: id,
        discipline_name: rows.find((r) => r.discipline_id === id)!.discipline_name,
        count,
      })),
    }
  })
}

/** The admin's table (empty: the booklet's mix holds), largest share first. */
export async function adminMix(db: Db): Promise<MixRow[]> {
  return db
    .select({ disciplineId: simulationMix.disciplineId, count: simulationMix.count })
    .from(simulationMix)
    .innerJoin(disciplines, eq(disciplines.id, simulationMix.disciplineId))
    .where(ne(disciplines.nameKey, UNCLASSIFIED_KEY))
    .orderBy(desc(simulationMix.count), asc(disciplines.name))
}

/** Why a booklet was passed over, in a phrase ("12 sem disciplina e 3 com previsão insegura"). */
const shortOf = (p: PassedOver) =>
  [p.unclassified ? `${p.unclassified} sem disciplina` : '', p.uncertain ? `${p.uncertain} com disciplina prevista sem segurança` : '']
    .filter(Boolean)
    .join(' e ')

function mixSummary(origin: Origin) {
  const newest = origin.passedOver?.[0]
  const why = newest ? ` O caderno do ${newest.name} não serve: ${shortOf(newest)}.` : ''
  switch (origin.source) {
    case 'admin':
      return 'Na proporção definida pela equipe do Gabarita.'
    case 'exam':
      return `Na proporção do ${origin.exam!.name}${origin.predicted ? ' (disciplinas previstas automaticamente)' : ''}.${why}`
    case 'official':
      return `Na distribuição oficial das últimas provas da OAB.${why}`
    case 'none':
      return `Ainda não há questões classificadas no banco para dar a proporção das disciplinas.${why}`
  }
}

type Origin = { source: ExameOrdemPlan['source']; exam?: ExamSummary; predicted?: number; passedOver?: PassedOver[] }

async function planOf(db: Db, origin: Origin, mix: MixRow[], absent: Absent[] = []): Promise<ExameOrdemPlan> {
  const ids = mix.map((m) => m.disciplineId)
  const [names, available] = await Promise.all([disciplineNames(db, ids), availableByDiscipline(db, ids)])
  const rows = mix.map((m) => ({
    discipline_id: m.disciplineId,
    discipline_name: names.get(m.disciplineId) ?? `Disciplina ${m.disciplineId}`,
    count: m.count,
    available: available.get(m.disciplineId) ?? 0,
  }))
  const exam = origin.exam
  return {
    source: origin.source,
    summary: mixSummary(origin),
    exam: exam ? { id: exam.id, name: exam.name, year: exam.year, board: exam.board, predicted: origin.predicted ?? 0 } : null,
    passed_over: origin.passedOver ?? [],
    mix: rows,
    shortfall: redistribute(rows, absent),
    size: EXAME_ORDEM_SIZE,
    duration_minutes: EXAME_ORDEM_MINUTES,
    pass_mark: EXAME_ORDEM_PASS,
  }
}

/**
 * The plan without the admin's table: the newest booklet that qualifies, else the official
 * distribution kept as data (a line short of the 80 is made up by the draw), else none.
 */
export async function bookletPlan(db: Db): Promise<ExameOrdemPlan> {
  const { booklet, passedOver } = await bookletMix(db)
  if (booklet) return planOf(db, { source: 'exam', exam: booklet.exam, predicted: booklet.predicted, passedOver }, booklet.mix)
  const official = await officialMixRows(db)
  if (official.mix.length) return planOf(db, { source: 'official', passedOver }, official.mix, official.absent)
  return planOf(db, { source: 'none', passedOver }, [])
}

/** The mix the next Exame de Ordem simulado is drawn in: the admin's table when set, else the booklet's or the official one. */
export async function exameOrdemPlan(db: Db): Promise<ExameOrdemPlan> {
  const table = await adminMix(db)
  if (table.length) return planOf(db, { source: 'admin' }, table)
  return bookletPlan(db)
}
