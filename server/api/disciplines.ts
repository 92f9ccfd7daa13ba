import { asc } from 'drizzle-orm'
import { Router } from 'express'
import type { AppContext } from '../context'
import { disciplines, topics } from '../db/schema'
import { handler } from './http'

export type DisciplineWithTopics = { id: number; name: string; topics: { id: number; name: string }[] }

/** Public list of disciplines with their topics, both sorted by name (pt-BR collation in JS). */
export async function listDisciplines(ctx: AppContext): Promise<DisciplineWithTopics[]> {
  const [rows, topicRows] = await Promise.all([
    ctx.db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines).orderBy(asc(disciplines.name)),
    ctx.db.select({ id: topics.id, name: topics.name, disciplineId: topics.disciplineId }).from(topics).orderBy(asc(topics.name)),
  ])
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })
  const byDiscipline = new Map<number, { id: number; name: string }[]>()
  for (const t of topicRows) byDiscipline.set(t.disciplineId, [...(byDiscipline.get(t.disciplineId) ?? []), { id: t.id, name: t.name }])
  return rows
    .map((d) => ({ ...d, topics: (byDiscipline.get(d.id) ?? []).sort((a, b) => collator.compare(a.name, b.name)) }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

export function createDisciplinesRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/disciplines',
    handler(async (_req, res) => {
      res.json({ success: true, data: await listDisciplines(ctx) })
    }),
  )
  return router
}
