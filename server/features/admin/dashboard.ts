import { and, count, desc, eq, isNull, max, ne, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { disciplines, questions, questionTopics, topics, users } from '../../db/schema'
import { explainedQuestions } from '../explanations/index'

// The admin dashboard's figures. Questions removed by a forced re-import are not counted; those with a
// professor's analysis and those with a student's explanation are counted apart (issue 64).

export type DashboardStats = {
  totalQuestions: number
  totalStudents: number
  totalDisciplines: number
  lastUpdated: string | null
  analysedQuestions: number
  explainedQuestions: number
}

export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const live = isNull(questions.removedAt)
  const [[q], [s], [d], [u], explained] = await Promise.all([
    db
      .select({
        n: count(),
        analysed: sql<number>`count(*) filter (where ${questions.explanationSource} = 'professor' and btrim(coalesce(${questions.explanation}, '')) <> '')`,
      })
      .from(questions)
      .where(live),
    db.select({ n: count() }).from(users).where(ne(users.planName, 'ADMIN')),
    db.select({ n: count() }).from(disciplines),
    db.select({ at: max(questions.updatedAt) }).from(questions),
    explainedQuestions(db),
  ])
  return {
    totalQuestions: Number(q.n),
    totalStudents: Number(s.n),
    totalDisciplines: Number(d.n),
    lastUpdated: u.at ? new Date(u.at).toISOString() : null,
    analysedQuestions: Number(q.analysed),
    explainedQuestions: explained,
  }
}

export async function questionsByDiscipline(db: Db): Promise<{ name: string; count: number }[]> {
  const n = count(questions.id)
  const rows = await db
    .select({ name: disciplines.name, count: n })
    .from(disciplines)
    .leftJoin(questions, and(eq(questions.disciplineId, disciplines.id), isNull(questions.removedAt)))
    .groupBy(disciplines.id, disciplines.name)
    .orderBy(desc(n), disciplines.name)
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }))
}

export async function questionsByTopic(db: Db): Promise<{ discipline: string; topic: string; count: number }[]> {
  const n = count(questions.id)
  const rows = await db
    .select({ discipline: disciplines.name, topic: topics.name, count: n })
    .from(topics)
    .innerJoin(disciplines, eq(disciplines.id, topics.disciplineId))
    .leftJoin(questionTopics, eq(questionTopics.topicId, topics.id))
    .leftJoin(questions, and(eq(questions.id, questionTopics.questionId), isNull(questions.removedAt)))
    .groupBy(topics.id, topics.name, disciplines.name)
    .orderBy(desc(n), disciplines.name, topics.name)
  return rows.map((r) => ({ discipline: r.discipline, topic: r.topic, count: Number(r.count) }))
}
