import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import type { AppContext } from '../../context'
import { projectRoot } from '../../paths'
import { importDisciplinesBytes, importExamBytes } from './importer'

/**
 * Fills an empty database from fixtures/ through the same importer as the uploads
 * (with force, so a fixture naming a new discipline still loads). Idempotent: it does
 * nothing once any question exists.
 */
export async function seedDemoContent(ctx: AppContext) {
  const { rows } = (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM questions`)) as unknown as { rows: { n: number }[] }
  if (Number(rows[0]?.n ?? 0) > 0) return
  const dir = path.join(projectRoot(), 'fixtures')
  const disciplinesFile = path.join(dir, 'disciplinas.json')
  if (fs.existsSync(disciplinesFile)) {
    const result = await importDisciplinesBytes(ctx.db, 'disciplinas.json', fs.readFileSync(disciplinesFile))
    if (!result.success) ctx.logger.warn({ validations: result.validations }, 'fixtures/disciplinas.json inválido')
  }
  const examsDir = path.join(dir, 'provas')
  if (!fs.existsSync(examsDir)) return
  let total = 0
  for (const name of fs
    .readdirSync(examsDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const result = await importExamBytes(ctx.db, name, fs.readFileSync(path.join(examsDir, name)), { force: true, now: ctx.clock() })
    if (!result.success) ctx.logger.warn({ file: name, validations: result.validations }, 'prova de demonstração inválida')
    total += result.processed_questions
  }
  ctx.logger.info({ questions: total }, 'conteúdo de demonstração importado')
}
