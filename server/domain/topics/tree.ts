import type { ParsedDiscipline } from '../import/parse-disciplines'
import { parseDisciplinesText } from '../import/parse-disciplines'
import shipped from './arvore-oab.json'

// The OAB's topic trees (issue 65 §1, ADR 092): reference data shipped with the code, in the
// discipline JSON format itself (docs/import-formats.md §1), seeded into a bank's discipline the
// first time one of its questions needs a topic. Bump TREE_VERSION when the file changes: each
// discipline then gets the topics it lacks, and the ranges and words of those nobody edited.

export const TREE_VERSION = 1

let cached: ParsedDiscipline[] | null = null

/** The shipped trees, parsed by the importer's own parser (a test keeps the file valid). */
export function shippedTrees(): ParsedDiscipline[] {
  if (!cached) {
    const parsed = parseDisciplinesText(JSON.stringify(shipped))
    if (!parsed.ok) throw new Error(`arvore-oab.json inválida: ${JSON.stringify(parsed.errors[0])}`)
    cached = parsed.disciplines
  }
  return cached
}
