import type { UploadFileResult } from '../../client/admin'

/** A count with its noun in the right number ("1 questão", "12 questões"). */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * How an imported exam's questions got their discipline, in one line for the admin page and the
 * CLI (issue 63 §1): none is dropped in silence. Null when the file is not an exam.
 */
export function classificationLine(file: { classification?: UploadFileResult['classification']; predicted_topics?: number }) {
  const c = file.classification
  if (!c) return null
  // Topics the file left out, given by the topic model (issue 65 §2), reviewed on their own desk.
  const topics = file.predicted_topics
    ? `. Assuntos: ${count(file.predicted_topics, 'questão recebeu', 'questões receberam')} assunto automaticamente (revise em /admin/classificacao/assuntos)`
    : ''
  const parts = [`${c.by_file} pelo arquivo`]
  if (c.confident) parts.push(`${c.confident} ${c.confident === 1 ? 'prevista' : 'previstas'} com segurança`)
  if (c.for_review) parts.push(`${c.for_review} para revisar em /admin/classificacao`)
  if (c.unclassified)
    parts.push(
      `${count(c.unclassified, 'ficou', 'ficaram')} “Não classificada”${c.unclassified_reason ? ` (${c.unclassified_reason})` : ''}`,
    )
  const created = c.created_disciplines.length
    ? `; ${count(c.created_disciplines.length, 'disciplina cadastrada', 'disciplinas cadastradas')} agora: ${c.created_disciplines.join(', ')}`
    : ''
  return `Disciplinas: ${parts.join(', ')}${created}${topics}`
}
