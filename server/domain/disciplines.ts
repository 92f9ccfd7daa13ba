import { and, asc, eq, sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { disciplines, topics } from '../db/schema'
import { UNCLASSIFIED_KEY } from './import/parse-exam'
import { nameKey } from './text'

export type DisciplineWithTopics = {
  id: number
  name: string
  /** `questions`: its live questions (the Assuntos filter's count). */
  topics: { id: number; name: string; questions: number }[]
  /** A filter offers it: the bank has live questions in it, and it is not the unclassified bucket (issue 63 §3). */
  in_filters: boolean
}

/** Every discipline with its topics, both sorted by name (pt-BR collation in JS). */
export async function listDisciplines(db: Db): Promise<DisciplineWithTopics[]> {
  const [rows, topicRows] = await Promise.all([
    db
      .select({
        id: disciplines.id,
        name: disciplines.name,
        nameKey: disciplines.nameKey,
        // Written out: drizzle leaves a single table's columns unqualified, and `id` would be q's here.
        live: sql<boolean>`EXISTS (SELECT 1 FROM questions q WHERE q.discipline_id = disciplines.id AND q.removed_at IS NULL)`,
      })
      .from(disciplines)
      .orderBy(asc(disciplines.name)),
    db
      .select({
        id: topics.id,
        name: topics.name,
        disciplineId: topics.disciplineId,
        questions: sql<number>`(SELECT count(*)::int FROM question_topics l JOIN questions q ON q.id = l.question_id WHERE l.topic_id = topics.id AND q.removed_at IS NULL)`,
      })
      .from(topics)
      .orderBy(asc(topics.name)),
  ])
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })
  const byDiscipline = new Map<number, { id: number; name: string; questions: number }[]>()
  for (const t of topicRows)
    byDiscipline.set(t.disciplineId, [
      ...(byDiscipline.get(t.disciplineId) ?? []),
      { id: t.id, name: t.name, questions: Number(t.questions) },
    ])
  return rows
    .map((d) => ({
      id: d.id,
      name: d.name,
      topics: (byDiscipline.get(d.id) ?? []).sort((a, b) => collator.compare(a.name, b.name)),
      in_filters: Boolean(d.live) && d.nameKey !== UNCLASSIFIED_KEY,
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

type Named = { id: number; name: string }

export type DisciplineTopicMatch =
  { kind: 'ok'; discipline: Named; topic: Named } | { kind: 'no-discipline' } | { kind: 'no-topic'; discipline: Named }

/** The admin check "does this discipline/topic pair exist?", matched as the importer matches names. */
export async function findDisciplineTopic(db: Db, disciplina: string, assunto: string): Promise<DisciplineTopicMatch> {
  const [discipline] = await db
    .select({ id: disciplines.id, name: disciplines.name })
    .from(disciplines)
    .where(eq(disciplines.nameKey, nameKey(disciplina)))
  if (!discipline) return { kind: 'no-discipline' }
  const [topic] = await db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(and(eq(topics.disciplineId, discipline.id), eq(topics.nameKey, nameKey(assunto))))
  if (!topic) return { kind: 'no-topic', discipline }
  return { kind: 'ok', discipline, topic }
}
