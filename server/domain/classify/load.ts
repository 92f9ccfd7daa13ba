import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { projectRoot } from '../../paths'
import { DisciplineModel } from './model'

/**
 * The shipped model (`default-model.json`, rebuilt by `npm run train:classifier`). A missing or
 * broken file never stops an import: it says why in Portuguese and nothing is predicted.
 */

export type ModelLoad = { ok: true; model: DisciplineModel } | { ok: false; error: string }

const FALLBACK = 'as questões sem disciplina ficam sem previsão'

export function loadModelFile(file: string): ModelLoad {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return { ok: false, error: `Modelo de disciplinas não encontrado em ${file}; ${FALLBACK}` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: `Modelo de disciplinas corrompido em ${file} (JSON inválido: ${(error as Error).message}); ${FALLBACK}` }
  }
  const built = DisciplineModel.fromJson(value)
  if (!built.ok) return { ok: false, error: `Modelo de disciplinas inválido em ${file} (${built.reason}); ${FALLBACK}` }
  return built
}

export const DEFAULT_MODEL_FILE = 'default-model.json'

/** Beside this module in the source tree; under the project root for the bundled server. */
export function defaultModelPath() {
  const candidates = [
    path.join(path.dirname(fileURLToPath(import.meta.url)), DEFAULT_MODEL_FILE),
    path.join(projectRoot(), 'server/domain/classify', DEFAULT_MODEL_FILE),
  ]
  return candidates.find((file) => fs.existsSync(file)) ?? candidates[candidates.length - 1]
}

let cached: ModelLoad | null = null

/** The shipped model, read once per process. */
export function defaultModel(): ModelLoad {
  cached ??= loadModelFile(defaultModelPath())
  return cached
}
