import fs from 'node:fs'
import path from 'node:path'

import { parseExamFile } from '../import/parse-exam'
import type { BookletQuestion } from './model'

/** A labelled booklet read from an exam TXT file (import-formats §2). */
export type LabelledExam = { file: string; name: string; year: number; questions: BookletQuestion[] }

/**
 * The exam files of a folder, in the order of their names; a file that does not parse is
 * reported by name (training on part of a folder by accident would go unnoticed).
 */
export function readExamFolder(dir: string, now: Date): LabelledExam[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.txt'))
    .sort()
  return files.map((file) => {
    const parsed = parseExamFile(fs.readFileSync(path.join(dir, file)), now)
    if (!parsed.ok) {
      const first = parsed.errors[0]
      throw new Error(`${file}: não é uma prova válida (${first.item}: ${first.errors[0]?.message ?? 'erro'})`)
    }
    return { file, name: parsed.exam.name, year: parsed.exam.year, questions: parsed.exam.questions }
  })
}

/** The disciplines of a discipline JSON file (`disciplinas` or a bare array, import-formats §1). */
export function readDisciplineNames(file: string): string[] {
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
  const list = Array.isArray(value) ? value : (value as { disciplinas?: unknown }).disciplinas
  if (!Array.isArray(list)) throw new Error(`${file}: esperado { "disciplinas": [...] }`)
  return list.map((d) => String((d as { nome: unknown }).nome))
}
