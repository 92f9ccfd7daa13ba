import { nameKey } from '../text'
import type { FileError, ItemErrors } from './text-file'
import {
  decodeUtf8,
  foldKey,
  located,
  MAX_DISCIPLINE_NAME,
  MAX_EXAM_NAME,
  MAX_QUESTIONS,
  MAX_TOPIC_NAME,
  splitLines,
  videoId,
} from './text-file'

/** The exam TXT format (docs/import-formats.md §2): bytes → a typed exam or located errors. */

export type ParsedDifficulty = 'FACIL' | 'MEDIO' | 'DIFICIL'
export type ParsedQuestion = {
  number: number
  line: number
  /** Null when the file says `DISCIPLINA: Não classificada`: the import predicts it (ADR 051). */
  discipline: string | null
  disciplineLine: number
  topics: string[]
  topicsLine: number
  /** Null when the file sets none: no difficulty is made up (issue 27). */
  difficulty: ParsedDifficulty | null
  statement: string
  alternatives: { letter: string; text: string }[]
  /** null: annulled (GABARITO: ANULADA). */
  correctAnswer: string | null
  explanation: string | null
  videoUrl: string | null
}
export type ParsedExam = {
  name: string
  year: number
  board: string
  organization: string | null
  /** DATA (or APLICACAO): the day the exam was applied, YYYY-MM-DD; null when the file omits it (ADR 053). */
  appliedOn: string | null
  /** Line of PROVA, for messages about the exam as a whole. */
  line: number
  questions: ParsedQuestion[]
}
export type ExamParseResult = { ok: true; exam: ParsedExam } | { ok: false; errors: ItemErrors[] }

export const HEADER_ITEM = 'cabeçalho'
export const FILE_ITEM = 'arquivo'

const HEADER_KEYS = new Set(['PROVA', 'ANO', 'BANCA', 'ORGAO', 'DATA'])
const QUESTION_KEYS = new Set(['QUESTAO', 'DISCIPLINA', 'ASSUNTOS', 'DIFICULDADE', 'ENUNCIADO', 'GABARITO', 'COMENTARIO', 'VIDEO'])
const KEY_ALIASES: Record<string, string> = { EXPLICACAO: 'COMENTARIO', APLICACAO: 'DATA' }

/** DATA: 2010-08-22 or 22/08/2010, a day that exists: YYYY-MM-DD, or null. */
export function readExamDay(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2].padStart(2, '0'), br[1].padStart(2, '0')] : []
  if (!y || !m || !d) return null
  const day = `${y}-${m}-${d}`
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null
}
/** The DISCIPLINA value that leaves a question to the classifier (import-formats §2). */
export const UNCLASSIFIED = 'Não classificada'
/** Its folded name (disciplines.name_key): never in a mix, never a label, drawn only when nothing else is left. */
export const UNCLASSIFIED_KEY = nameKey(UNCLASSIFIED)

const DIFFICULTIES: Record<string, ParsedDifficulty> = { FACIL: 'FACIL', MEDIO: 'MEDIO', DIFICIL: 'DIFICIL' }

// Only a known key followed by ':' is a key: "Anos depois, ..." or "Nota: ..." stay text.
const KEY_LINE = /^\s*([A-Za-zÀ-ÿ]+)\s*:(.*)$/
// `A)`, `A -` or `(A)`; A–F so that a sixth alternative is reported instead of read as text.
const ALTERNATIVE_LINE = /^\s*(?:\(([A-F])\)|([A-F])\)|([A-F])\s+[-–]\s)\s*(.*)$/

function readKey(line: string): { key: string; value: string } | null {
  const match = KEY_LINE.exec(line)
  if (!match) return null
  let key = foldKey(match[1])
  key = KEY_ALIASES[key] ?? key
  if (!HEADER_KEYS.has(key) && !QUESTION_KEYS.has(key)) return null
  return { key, value: match[2].trim() }
}

function readAlternative(line: string): { letter: string; text: string } | null {
  const match = ALTERNATIVE_LINE.exec(line)
  if (!match) return null
  return { letter: match[1] ?? match[2] ?? match[3], text: match[4] ?? '' }
}

/** Joins text lines: inner blank lines stay as paragraph breaks, outer ones go. */
function joinText(lines: string[]) {
  const trimmed = lines.map((l) => l.trimEnd())
  while (trimmed.length && trimmed[0].trim() === '') trimmed.shift()
  while (trimmed.length && trimmed[trimmed.length - 1].trim() === '') trimmed.pop()
  return trimmed.join('\n').replace(/\n{3,}/g, '\n\n')
}

type Draft = {
  number: number | null
  line: number
  keysSeen: Map<string, number>
  discipline?: { value: string; line: number }
  topics?: { value: string; line: number }
  difficulty?: { value: string; line: number }
  statementLine?: number
  statement: string[]
  /** First statement line that looks like a later alternative (B–F): the A is missing. */
  strayAlternative?: { letter: string; line: number }
  alternatives: { letter: string; lines: string[]; line: number }[]
  answer?: { value: string; line: number }
  comment?: { lines: string[]; line: number }
  video?: { value: string; line: number }
  errors: FileError[]
}

type Mode = 'fields' | 'statement' | 'alternatives' | 'comment'

/** `now` bounds the year a file may state (up to next year's). */
export function parseExamFile(bytes: Uint8Array, now: Date): ExamParseResult {
  const decoded = decodeUtf8(bytes)
  if (!decoded.ok) return { ok: false, errors: [{ item: FILE_ITEM, errors: [decoded.error] }] }
  return parseExamText(decoded.text, now)
}

export function parseExamText(text: string, now: Date): ExamParseResult {
  const lines = splitLines(text)
  const headerErrors: FileError[] = []
  const header = new Map<string, { value: string; line: number }>()
  const drafts: Draft[] = []
  let current: Draft | null = null
  let mode: Mode = 'fields'

  const startQuestion = (value: string, lineNo: number) => {
    const draft: Draft = {
      number: null,
      line: lineNo,
      keysSeen: new Map(),
      statement: [],
      alternatives: [],
      errors: [],
    }
    if (/^\d{1,6}$/.test(value) && Number(value) > 0) draft.number = Number(value)
    else draft.errors.push(located(lineNo, `QUESTAO deve ser um número inteiro positivo (recebido "${value}")`))
    drafts.push(draft)
    current = draft
    mode = 'fields'
  }

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1
    const raw = lines[i]
    const trimmed = raw.trim()
    // '#' starts a comment line anywhere in the file (format spec).
    if (trimmed.startsWith('#')) continue

    const key = readKey(raw)

    // Header: before the first QUESTAO.
    if (current === null) {
      if (trimmed === '') continue
      if (key?.key === 'QUESTAO') {
        startQuestion(key.value, lineNo)
        continue
      }
      if (key && HEADER_KEYS.has(key.key)) {
        const previous = header.get(key.key)
        if (previous) headerErrors.push(located(lineNo, `${key.key} repetido (já definido na linha ${previous.line})`))
        else header.set(key.key, { value: key.value, line: lineNo })
        continue
      }
      if (key) {
        headerErrors.push(located(lineNo, `${key.key} antes da primeira QUESTAO`))
        continue
      }
      headerErrors.push(
        located(lineNo, `linha inesperada no cabeçalho: "${clip(trimmed)}" (esperado PROVA, ANO, BANCA, ORGAO, DATA ou QUESTAO)`),
      )
      continue
    }

    const q: Draft = current
    const alternative = readAlternative(raw)

    if (mode === 'statement') {
      // The statement runs up to the first alternative (which must be A).
      if (alternative && alternative.letter === 'A') {
        q.alternatives.push({ letter: 'A', lines: [alternative.text], line: lineNo })
        mode = 'alternatives'
        continue
      }
      if (!key || (key.key !== 'QUESTAO' && key.key !== 'GABARITO')) {
        if (alternative && !q.strayAlternative) q.strayAlternative = { letter: alternative.letter, line: lineNo }
        q.statement.push(raw)
        continue
      }
    } else if (mode === 'alternatives') {
      if (alternative) {
        q.alternatives.push({ letter: alternative.letter, lines: [alternative.text], line: lineNo })
        continue
      }
      if (!key || HEADER_KEYS.has(key.key)) {
        q.alternatives[q.alternatives.length - 1].lines.push(raw)
        continue
      }
    } else if (mode === 'comment') {
      if (!key || HEADER_KEYS.has(key.key)) {
        q.comment!.lines.push(raw)
        continue
      }
    } else {
      if (trimmed === '') continue
      if (!key) {
        if (alternative && q.statementLine === undefined) {
          q.errors.push(located(lineNo, 'alternativa antes de ENUNCIADO'))
        } else {
          q.errors.push(located(lineNo, `linha fora de um campo: "${clip(trimmed)}"`))
        }
        continue
      }
    }

    // From here on the line is a key.
    if (!key) continue
    if (HEADER_KEYS.has(key.key)) {
      q.errors.push(located(lineNo, `${key.key} só pode aparecer no cabeçalho, antes da primeira QUESTAO`))
      continue
    }
    if (key.key === 'QUESTAO') {
      startQuestion(key.value, lineNo)
      continue
    }
    const seen = q.keysSeen.get(key.key)
    if (seen !== undefined) {
      q.errors.push(located(lineNo, `${key.key} repetido na questão (já definido na linha ${seen})`))
      mode = 'fields'
      continue
    }
    q.keysSeen.set(key.key, lineNo)
    mode = 'fields'
    switch (key.key) {
      case 'DISCIPLINA':
        q.discipline = { value: key.value, line: lineNo }
        break
      case 'ASSUNTOS':
        q.topics = { value: key.value, line: lineNo }
        break
      case 'DIFICULDADE':
        q.difficulty = { value: key.value, line: lineNo }
        break
      case 'ENUNCIADO':
        q.statementLine = lineNo
        if (key.value) q.statement.push(key.value)
        mode = 'statement'
        break
      case 'GABARITO':
        q.answer = { value: key.value, line: lineNo }
        break
      case 'COMENTARIO':
        q.comment = { lines: key.value ? [key.value] : [], line: lineNo }
        mode = 'comment'
        break
      case 'VIDEO':
        q.video = { value: key.value, line: lineNo }
        break
    }
  }

  // Header checks.
  const firstQuestionLine = drafts[0]?.line ?? lines.length
  const prova = header.get('PROVA')
  const ano = header.get('ANO')
  const banca = header.get('BANCA')
  const orgao = header.get('ORGAO')
  const data = header.get('DATA')
  const appliedOn = data?.value ? readExamDay(data.value) : null
  const nextYear = now.getFullYear() + 1
  if (!prova || !prova.value) headerErrors.push(located(prova?.line ?? 1, 'PROVA é obrigatória no cabeçalho'))
  else if (prova.value.length > MAX_EXAM_NAME) headerErrors.push(located(prova.line, `PROVA tem mais de ${MAX_EXAM_NAME} caracteres`))
  if (!ano || !ano.value) headerErrors.push(located(ano?.line ?? 1, 'ANO é obrigatório no cabeçalho'))
  else if (!/^\d{4}$/.test(ano.value) || Number(ano.value) < 1990 || Number(ano.value) > nextYear) {
    headerErrors.push(located(ano.line, `ANO deve ser um ano de quatro dígitos entre 1990 e ${nextYear} (recebido "${clip(ano.value)}")`))
  }
  if (data?.value && (!appliedOn || appliedOn < '1990-01-01' || Number(appliedOn.slice(0, 4)) > nextYear))
    headerErrors.push(
      located(data.line, `DATA deve ser o dia em que a prova foi aplicada, como 2010-08-22 ou 22/08/2010 (recebido "${clip(data.value)}")`),
    )
  if (!banca || !banca.value) headerErrors.push(located(banca?.line ?? 1, 'BANCA é obrigatória no cabeçalho'))
  if (drafts.length === 0) headerErrors.push(located(firstQuestionLine, 'nenhuma QUESTAO encontrada no arquivo'))
  if (drafts.length > MAX_QUESTIONS) {
    headerErrors.push(located(drafts[MAX_QUESTIONS].line, `o arquivo tem ${drafts.length} questões; o máximo é ${MAX_QUESTIONS} por prova`))
  }

  // Question checks.
  const numbers = new Map<number, number>()
  const questions: ParsedQuestion[] = []
  const itemErrors: ItemErrors[] = []
  if (headerErrors.length) itemErrors.push({ item: HEADER_ITEM, errors: headerErrors })
  for (const q of drafts) {
    const errors = q.errors
    if (q.number !== null) {
      const previous = numbers.get(q.number)
      if (previous !== undefined) errors.unshift(located(q.line, `QUESTAO ${q.number} repetida (já usada na linha ${previous})`))
      else numbers.set(q.number, q.line)
    }
    const question = finishQuestion(q, errors)
    if (errors.length) {
      errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
      itemErrors.push({ item: q.number !== null ? `QUESTAO ${q.number}` : `QUESTAO (linha ${q.line})`, errors })
    } else if (question) questions.push(question)
  }

  if (itemErrors.length) return { ok: false, errors: itemErrors }
  return {
    ok: true,
    exam: {
      name: prova!.value,
      year: Number(ano!.value),
      board: banca!.value,
      organization: orgao?.value ? orgao.value : null,
      appliedOn,
      line: prova!.line,
      questions,
    },
  }
}

function finishQuestion(q: Draft, errors: FileError[]): ParsedQuestion | null {
  const discipline = q.discipline?.value ?? ''
  if (!q.discipline) errors.push(located(q.line, 'DISCIPLINA é obrigatória'))
  else if (!discipline) errors.push(located(q.discipline.line, 'DISCIPLINA está vazia'))
  else if (discipline.length > MAX_DISCIPLINE_NAME) {
    errors.push(located(q.discipline.line, `DISCIPLINA tem mais de ${MAX_DISCIPLINE_NAME} caracteres`))
  }

  const topics: string[] = []
  if (q.topics) {
    const seen = new Set<string>()
    for (const part of q.topics.value.split(';')) {
      const topic = part.trim()
      if (!topic) continue
      if (topic.length > MAX_TOPIC_NAME) {
        errors.push(located(q.topics.line, `assunto com mais de ${MAX_TOPIC_NAME} caracteres`))
        continue
      }
      if (seen.has(nameKey(topic))) continue
      seen.add(nameKey(topic))
      topics.push(topic)
    }
  }

  let difficulty: ParsedDifficulty | null = null
  if (q.difficulty) {
    const folded = foldKey(q.difficulty.value)
    if (DIFFICULTIES[folded]) difficulty = DIFFICULTIES[folded]
    else {
      errors.push(located(q.difficulty.line, `DIFICULDADE "${clip(q.difficulty.value)}" inválida (use FACIL, MEDIO ou DIFICIL)`))
    }
  }

  const statement = joinText(q.statement)
  if (q.statementLine === undefined) errors.push(located(q.line, 'ENUNCIADO é obrigatório'))
  else if (!statement) errors.push(located(q.statementLine, 'ENUNCIADO está vazio'))

  const alternatives: { letter: string; text: string }[] = []
  if (q.statementLine !== undefined && q.alternatives.length === 0 && q.strayAlternative) {
    const stray = q.strayAlternative
    errors.push(
      located(stray.line, `alternativa ${stray.letter} sem alternativa A antes dela (as letras devem ser consecutivas a partir de A)`),
    )
  } else if (q.statementLine !== undefined && q.alternatives.length === 0) {
    errors.push(located(q.answer?.line ?? q.statementLine, 'nenhuma alternativa encontrada (são necessárias de 2 a 5, começando em A)'))
  }
  q.alternatives.forEach((alt, index) => {
    const expected = String.fromCharCode(65 + index)
    if (index >= 5) {
      errors.push(located(alt.line, `alternativa ${alt.letter} excede o máximo de 5 alternativas (A a E)`))
      return
    }
    if (alt.letter !== expected) {
      errors.push(
        located(
          alt.line,
          `alternativa ${alt.letter} fora de ordem: esperada a letra ${expected} (as letras devem ser consecutivas a partir de A)`,
        ),
      )
      return
    }
    const text = joinText(alt.lines)
    if (!text) errors.push(located(alt.line, `alternativa ${alt.letter} está vazia`))
    alternatives.push({ letter: alt.letter, text })
  })
  if (q.alternatives.length === 1) {
    errors.push(located(q.alternatives[0].line, 'apenas 1 alternativa; são necessárias de 2 a 5'))
  }

  let correctAnswer: string | null = null
  if (!q.answer) errors.push(located(q.line, 'GABARITO é obrigatório'))
  else {
    const value = foldKey(q.answer.value)
    if (value === 'ANULADA' || value === 'ANULADO') correctAnswer = null
    else if (!value) errors.push(located(q.answer.line, 'GABARITO está vazio (use a letra da alternativa correta ou ANULADA)'))
    else if (/^[A-Z]$/.test(value) && alternatives.some((a) => a.letter === value)) correctAnswer = value
    else errors.push(located(q.answer.line, `GABARITO "${clip(q.answer.value)}" não corresponde a nenhuma alternativa`))
  }

  const explanation = q.comment ? joinText(q.comment.lines) || null : null

  let videoUrl: string | null = null
  if (q.video && q.video.value) {
    if (videoId(q.video.value)) videoUrl = q.video.value
    else
      errors.push(
        located(
          q.video.line,
          `VIDEO "${clip(q.video.value)}" não é um link de vídeo válido (use um link do YouTube como https://www.youtube.com/watch?v=... ou https://youtu.be/...)`,
        ),
      )
  }

  if (errors.length || q.number === null) return null
  return {
    number: q.number,
    line: q.line,
    discipline: nameKey(discipline) === UNCLASSIFIED_KEY ? null : discipline,
    disciplineLine: q.discipline!.line,
    topics,
    topicsLine: q.topics?.line ?? q.discipline!.line,
    difficulty,
    statement,
    alternatives,
    correctAnswer,
    explanation,
    videoUrl,
  }
}

function clip(value: string, max = 60) {
  return value.length > max ? `${value.slice(0, max)}…` : value
}
