import { and, asc, eq, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { exams, questions } from '../../db/schema'
import type { UploadedFile } from '../../domain/import/importer'
import { examIdentityKey } from '../../domain/import/importer'
import { parseExamText } from '../../domain/import/parse-exam'
import { decodeUtf8 } from '../../domain/import/text-file'
import { shortExamName } from '../../domain/questions/exam-name'
import { hasText, publishAnalysis } from './analyses'
import type { ImportFileJson } from './contract'
import { ANALYSIS_UNCHANGED } from './messages'

// Analyses written offline (issue 40): `gabarita analyses export` writes an exam in the import
// format (import-formats §2) with each analysis in COMENTARIO and its version in a comment line;
// `import` publishes the COMENTARIO texts that changed. A text changed on the desk since the
// export is a conflict, reported and left alone: a file never overwrites a newer analysis.

/** The comment line that carries an analysis's version (the exam parser skips '#' lines). */
const VERSION_LINE = /^\s*#\s*versão da análise:\s*(\d{1,9})\s*$/i
const QUESTION_LINE = /^\s*QUEST[AÃ]O\s*:\s*(\d{1,9})\s*$/i

/** The exams with live questions, and how many of those have an analysis. */
export async function examsWithAnalyses(db: Db) {
  const rows = await queryRows<{ id: number; name: string; year: number; board: string; questions: number; with_analysis: number }>(
    db,
    sql`SELECT e.id, e.name, e.year, e.board, count(q.id)::int AS questions, count(q.id) FILTER (WHERE ${hasText})::int AS with_analysis
        FROM exams e JOIN questions q ON q.exam_id = e.id AND q.removed_at IS NULL
        GROUP BY e.id ORDER BY e.year DESC, e.id DESC`,
  )
  return rows
}

/** "OAB XIV" → "oab-xiv-analises.txt". */
function fileName(name: string) {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${slug || 'prova'}-analises.txt`
}

/** One exam as an import file, the analyses in COMENTARIO; null when the exam has no live question. */
export async function exportExam(db: Db, examId: number) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId))
  if (!exam) return null
  const rows = await queryRows<{
    number: number
    discipline: string
    topics: string[] | null
    difficulty: string | null
    statement: string
    alternatives: { letter: string; text: string }[]
    correct_answer: string | null
    explanation: string | null
    explanation_version: number
    video_url: string | null
  }>(
    db,
    // ASSUNTOS are the file's and the editors' topics: a predicted one imported back would pass for the file's (ADR 092).
    sql`SELECT q.number, d.name AS discipline, q.difficulty, q.statement, q.alternatives, q.correct_answer, q.explanation,
               q.explanation_version, q.video_url,
               (SELECT array_agg(t.name ORDER BY t.name) FROM question_topics qt JOIN topics t ON t.id = qt.topic_id
                 WHERE qt.question_id = q.id AND qt.source <> 'prediction') AS topics
        FROM questions q JOIN disciplines d ON d.id = q.discipline_id
        WHERE q.exam_id = ${examId} AND q.removed_at IS NULL ORDER BY q.number`,
  )
  if (!rows.length) return null
  const header = [
    `# ${exam.name} (${exam.year}): as análises estão no campo COMENTARIO.`,
    '# Edite só os COMENTARIO e envie com: gabarita analyses import <arquivo>. Não apague as linhas "# versão da análise".',
    `PROVA: ${exam.name}`,
    `ANO: ${exam.year}`,
    `BANCA: ${exam.board}`,
    ...(exam.organization ? [`ORGAO: ${exam.organization}`] : []),
    ...(exam.appliedOn ? [`DATA: ${exam.appliedOn}`] : []),
  ]
  const blocks = rows.map((q) => {
    const text = q.explanation?.trim() ? q.explanation : null
    return [
      '',
      `QUESTAO: ${q.number}`,
      `# versão da análise: ${q.explanation_version}`,
      `DISCIPLINA: ${q.discipline}`,
      ...(q.topics?.length ? [`ASSUNTOS: ${q.topics.join('; ')}`] : []),
      ...(q.difficulty ? [`DIFICULDADE: ${q.difficulty}`] : []),
      'ENUNCIADO:',
      q.statement,
      ...q.alternatives.map((a) => `${a.letter}) ${a.text}`),
      `GABARITO: ${q.correct_answer ?? 'ANULADA'}`,
      'COMENTARIO:',
      ...(text ? [text] : []),
      ...(q.video_url ? [`VIDEO: ${q.video_url}`] : []),
    ].join('\n')
  })
  return {
    file_name: fileName(shortExamName(exam.name, exam.board, exam.year)),
    text: `${[...header, ...blocks].join('\n')}\n`,
    questions: rows.length,
    with_analysis: rows.filter((q) => q.explanation?.trim()).length,
  }
}

/** The version each question had when the file was exported (0 when the line is missing: none expected). */
function exportedVersions(text: string) {
  const versions = new Map<number, number>()
  let current: number | null = null
  for (const line of text.split(/\r?\n/)) {
    const question = QUESTION_LINE.exec(line)
    if (question) current = Number(question[1])
    const version = VERSION_LINE.exec(line)
    if (version && current !== null) versions.set(current, Number(version[1]))
  }
  return versions
}

type Author = { id: string; name: string }

/** Publishes the changed COMENTARIO texts of one exported file, each question in its own transaction. */
export async function importAnalysesFile(db: Db, file: UploadedFile, author: Author, now: Date): Promise<ImportFileJson> {
  const result: ImportFileJson = {
    file: file.filename,
    exam: null,
    published: 0,
    updated: 0,
    unchanged: 0,
    without_text: 0,
    conflicts: [],
    errors: [],
  }
  if (file.error || !file.bytes) return { ...result, errors: [file.error ?? 'Arquivo vazio'] }
  const decoded = decodeUtf8(file.bytes)
  if (!decoded.ok) return { ...result, errors: [decoded.error.message] }
  const parsed = parseExamText(decoded.text, now)
  if (!parsed.ok) {
    const errors = parsed.errors.flatMap((item) => item.errors.map((e) => `${item.item}: ${e.line ? `linha ${e.line}: ` : ''}${e.message}`))
    return { ...result, errors }
  }
  const [exam] = await db
    .select()
    .from(exams)
    .where(eq(exams.identityKey, examIdentityKey(parsed.exam)))
  if (!exam)
    return {
      ...result,
      errors: [`Prova não encontrada no banco: ${parsed.exam.name} (${parsed.exam.year}). Importe a prova antes das análises.`],
    }
  result.exam = shortExamName(exam.name, exam.board, exam.year)
  const live = await db
    .select({
      id: questions.id,
      number: questions.number,
      explanation: questions.explanation,
      comments: questions.alternativeComments,
      version: questions.explanationVersion,
    })
    .from(questions)
    .where(and(eq(questions.examId, exam.id), isNull(questions.removedAt)))
    .orderBy(asc(questions.number))
  const byNumber = new Map(live.map((q) => [q.number, q]))
  const versions = exportedVersions(decoded.text)
  for (const q of parsed.exam.questions) {
    const current = byNumber.get(q.number)
    if (!current) {
      result.errors.push(`QUESTAO ${q.number}: não existe nesta prova no banco.`)
      continue
    }
    if (!q.explanation) {
      result.without_text++
      continue
    }
    if ((current.explanation ?? '').trim() === q.explanation.trim()) {
      result.unchanged++
      continue
    }
    const outcome = await publishAnalysis(
      db,
      current.id,
      author,
      { text: q.explanation, alternative_comments: current.comments ?? {}, base_version: versions.get(q.number) ?? 0 },
      now,
    )
    if (outcome.kind === 'conflict')
      result.conflicts.push({
        number: q.number,
        message: `A análise mudou desde a exportação (versão ${versions.get(q.number) ?? 0} no arquivo, ${outcome.current.version} no banco): exporte de novo e compare.`,
      })
    else if (outcome.kind !== 'ok') result.errors.push(`QUESTAO ${q.number}: ${outcome.message}`)
    else if (outcome.message === ANALYSIS_UNCHANGED) result.unchanged++
    else if (current.explanation?.trim()) result.updated++
    else result.published++
  }
  return result
}
