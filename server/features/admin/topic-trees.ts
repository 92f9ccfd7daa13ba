import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { anyOf } from '../../domain/exams'
import { UNCLASSIFIED_KEY } from '../../domain/import/parse-exam'
import { referenceDataChanged } from '../../domain/reference-data'
import { notifyReferenceData } from '../../domain/reference-notify'
import { nameKey } from '../../domain/text'
import { placeTopics, replaceTopics } from '../../domain/topics/store'
import type { TreeLine } from '../../domain/topics/tree-text'

// The admin's topic trees (issue 65 §1): a discipline's tree saved from /admin/disciplinas, and every
// discipline exported in the discipline JSON format, ranges and seed words included.

export type TreeSaved = { discipline: string; created: number; updated: number; removed: number }

/**
 * A discipline's topics become the lines given: new names added, the ranges of those kept replaced
 * (their seed words stay), the others removed, unless a question has one from its file or an
 * editor (then nothing is saved). Its predicted questions are placed again.
 */
export async function saveTopicTree(db: Db, disciplineId: number, lines: TreeLine[]): Promise<DomainOutcome<TreeSaved>> {
  const outcome = await db.transaction(async (tx): Promise<DomainOutcome<TreeSaved>> => {
    const [discipline] = await queryRows<{ id: number; name: string }>(
      tx,
      sql`SELECT id, name FROM disciplines WHERE id = ${disciplineId} FOR UPDATE`,
    )
    if (!discipline) return { kind: 'not-found', message: `Disciplina não encontrada: ${disciplineId}. Nenhum assunto foi salvo.` }
    const existing = await queryRows<{ id: number; name: string; name_key: string; articles: string[]; labelled: number }>(
      tx,
      sql`SELECT t.id, t.name, t.name_key, t.articles,
                 (SELECT count(*)::int FROM question_topics l WHERE l.topic_id = t.id AND l.source <> 'prediction') AS labelled
            FROM topics t WHERE t.discipline_id = ${disciplineId}`,
    )
    const listed = new Set(lines.map((l) => nameKey(l.name)))
    const gone = existing.filter((t) => !listed.has(t.name_key))
    const kept = gone.filter((t) => t.labelled > 0)
    if (kept.length) {
      const messages = kept.map(
        (t) =>
          `O assunto "${t.name}" não pode sair: ${t.labelled === 1 ? '1 questão o tem' : `${t.labelled} questões o têm`} pelo arquivo da prova ou por um administrador (mude-as em /admin/classificacao/assuntos antes). Nenhum assunto foi salvo.`,
      )
      return {
        kind: 'unprocessable',
        message: messages.join(' '),
        extra: { validations: [{ item: 'assuntos', errors: messages.map((message) => ({ message })) }] },
      }
    }
    const byKey = new Map(existing.map((t) => [t.name_key, t]))
    const changed = lines.filter((l) => {
      const before = byKey.get(nameKey(l.name))
      return before && (before.name !== l.name || before.articles.join('|') !== l.articles.join('|'))
    })
    const added = lines.filter((l) => !byKey.has(nameKey(l.name)))
    if (gone.length)
      await tx.execute(
        sql`DELETE FROM topics WHERE id = ${anyOf(
          gone.map((t) => t.id),
          'int',
        )}`,
      )
    const rows = lines.map((l) => ({ name: l.name, key: nameKey(l.name), articles: l.articles }))
    await tx.execute(sql`
      INSERT INTO topics (discipline_id, name, name_key, articles)
      SELECT ${disciplineId}, v.name, v.key, v.articles FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(name text, key text, articles text[])
      ON CONFLICT (discipline_id, name_key) DO UPDATE SET name = EXCLUDED.name, articles = EXCLUDED.articles, updated_at = now()
        WHERE topics.name IS DISTINCT FROM EXCLUDED.name OR topics.articles IS DISTINCT FROM EXCLUDED.articles`)
    // An admin's tree is the discipline's from now on: the shipped one is never seeded over it.
    await tx.execute(
      sql`UPDATE disciplines SET topic_tree_version = GREATEST(coalesce(topic_tree_version, 0), 1) WHERE id = ${disciplineId}`,
    )
    await replaceTopics(tx, { disciplineIds: [disciplineId], predictedOnly: true })
    await notifyReferenceData(tx)
    return { kind: 'ok', value: { discipline: discipline.name, created: added.length, updated: changed.length, removed: gone.length } }
  })
  if (outcome.kind === 'ok') {
    referenceDataChanged()
    await placeTopics(db)
  }
  return outcome
}

export function treeSavedMessage(saved: TreeSaved) {
  const parts = [
    `${saved.created} ${saved.created === 1 ? 'novo' : 'novos'}`,
    `${saved.updated} ${saved.updated === 1 ? 'alterado' : 'alterados'}`,
    `${saved.removed} ${saved.removed === 1 ? 'removido' : 'removidos'}`,
  ]
  return `Assuntos de ${saved.discipline} salvos: ${parts.join(', ')}.`
}

/** Every discipline with its topics, ranges and seed words: the discipline JSON format (docs/import-formats.md §1). */
export async function exportDisciplines(db: Db) {
  const rows = await queryRows<{ discipline: string; topic: string | null; articles: string[] | null; keywords: string[] | null }>(
    db,
    sql`SELECT d.name AS discipline, t.name AS topic, t.articles, t.keywords
          FROM disciplines d LEFT JOIN topics t ON t.discipline_id = d.id
         WHERE d.name_key <> ${UNCLASSIFIED_KEY}
         ORDER BY d.name, t.id`,
  )
  const out = new Map<string, { nome: string; assuntos: { nome: string; artigos: string[]; palavras: string[] }[] }>()
  for (const r of rows) {
    const d = out.get(r.discipline) ?? { nome: r.discipline, assuntos: [] }
    if (r.topic) d.assuntos.push({ nome: r.topic, artigos: r.articles ?? [], palavras: r.keywords ?? [] })
    out.set(r.discipline, d)
  }
  return { disciplinas: [...out.values()] }
}
