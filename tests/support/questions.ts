import crypto from 'node:crypto'

import type { Db } from '#server/db/index'
import type { Alternative, Difficulty } from '#server/db/schema'
import { disciplines, exams, questions, questionTopics, topics } from '#server/db/schema'
import { nameKey } from '#server/domain/text'

// Test data builder for the question bank: inserts straight through drizzle
// (independent of the importer), in bulk.

export type QuestionSpec = {
  discipline: string
  topics?: string[]
  exam?: { name: string; year: number; board: string; organization?: string | null; appliedOn?: string | null }
  number?: number
  difficulty?: Difficulty | null
  statement: string
  alternatives?: Alternative[]
  /** null = annulled */
  correctAnswer?: string | null
  explanation?: string | null
  removed?: boolean
}

export const DEFAULT_ALTERNATIVES: Alternative[] = [
  { letter: 'A', text: 'Primeira alternativa' },
  { letter: 'B', text: 'Segunda alternativa' },
  { letter: 'C', text: 'Terceira alternativa' },
  { letter: 'D', text: 'Quarta alternativa' },
]

export async function insertQuestions(db: Db, specs: QuestionSpec[]) {
  const disciplineIds = new Map<string, number>()
  const topicIds = new Map<string, number>()
  const examIds = new Map<string, number>()
  const numbers = new Map<number, number>()

  for (const name of new Set(specs.map((s) => s.discipline))) {
    const [row] = await db
      .insert(disciplines)
      .values({ name, nameKey: nameKey(name) })
      .onConflictDoUpdate({ target: disciplines.nameKey, set: { name } })
      .returning()
    disciplineIds.set(name, row.id)
  }
  for (const s of specs)
    for (const t of s.topics ?? []) {
      const key = `${s.discipline}|${t}`
      if (topicIds.has(key)) continue
      const [row] = await db
        .insert(topics)
        .values({ disciplineId: disciplineIds.get(s.discipline)!, name: t, nameKey: nameKey(t) })
        .onConflictDoUpdate({ target: [topics.disciplineId, topics.nameKey], set: { name: t } })
        .returning()
      topicIds.set(key, row.id)
    }
  const defaultExam: NonNullable<QuestionSpec['exam']> = { name: 'Exame de Teste', year: 2023, board: 'FGV', organization: 'OAB' }
  for (const s of specs) {
    const e = s.exam ?? defaultExam
    const key = `${e.name}|${e.year}|${e.board}`
    if (examIds.has(key)) continue
    const [row] = await db
      .insert(exams)
      .values({
        name: e.name,
        year: e.year,
        board: e.board,
        organization: e.organization ?? null,
        appliedOn: e.appliedOn ?? null,
        identityKey: `${nameKey(key)}-${crypto.randomBytes(4).toString('hex')}`,
      })
      .returning()
    examIds.set(key, row.id)
  }
  const rows = specs.map((s) => {
    const e = s.exam ?? defaultExam
    const examId = examIds.get(`${e.name}|${e.year}|${e.board}`)!
    const number = s.number ?? (numbers.get(examId) ?? 0) + 1
    numbers.set(examId, Math.max(number, numbers.get(examId) ?? 0))
    return {
      shortId: crypto.randomBytes(5).toString('hex').toUpperCase(),
      examId,
      number,
      disciplineId: disciplineIds.get(s.discipline)!,
      difficulty: s.difficulty === undefined ? 'MEDIO' : s.difficulty,
      statement: s.statement,
      alternatives: s.alternatives ?? DEFAULT_ALTERNATIVES,
      correctAnswer: s.correctAnswer === undefined ? 'A' : s.correctAnswer,
      explanation: s.explanation ?? null,
      year: e.year,
      board: e.board,
      removedAt: s.removed ? new Date() : null,
    }
  })
  const inserted = []
  for (let i = 0; i < rows.length; i += 500)
    inserted.push(
      ...(await db
        .insert(questions)
        .values(rows.slice(i, i + 500))
        .returning()),
    )
  const links = inserted.flatMap((q, i) =>
    (specs[i].topics ?? []).map((t) => ({ questionId: q.id, topicId: topicIds.get(`${specs[i].discipline}|${t}`)! })),
  )
  if (links.length) await db.insert(questionTopics).values(links)
  return {
    questions: inserted,
    disciplineId: (name: string) => disciplineIds.get(name)!,
    topicId: (discipline: string, topic: string) => topicIds.get(`${discipline}|${topic}`)!,
  }
}
