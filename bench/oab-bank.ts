import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { uploadDisciplines, uploadExams } from '../server/client/admin'
import { call } from '../server/client/call'
import { ApiClient } from '../server/client/core'
import { authApi } from '../server/features/auth/contract'
import { BUILD_DIR, PORT, serverEnv, startBuiltServer, stop, waitFor } from './harness'

// The built server on a fresh PGlite holding only the nine real OAB exams of fixtures/oab,
// imported through the API as the CLI does: what bench/oab-bytes.ts and bench/phone.ts measure on.

export const OAB_DIR = 'fixtures/oab'
const ADMIN = { email: 'admin@bench.gabarita', password: 'bench-admin-senha-1' }

/** Runs `measure` against that server (its base URL and an admin's client), then stops it and drops its data. */
export async function withOabBank<T>(tag: string, measure: (bank: { base: string; admin: ApiClient; questions: number }) => Promise<T>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gabarita-${tag}-`))
  const server = startBuiltServer(BUILD_DIR, { ...serverEnv(dataDir), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  try {
    const base = `http://127.0.0.1:${PORT}`
    await waitFor(`${base}/api/v1/health`)
    const { token } = await call(new ApiClient({ baseUrl: `${base}/api/v1` }), authApi.login, { body: ADMIN })
    const admin = new ApiClient({ baseUrl: `${base}/api/v1`, token, timeoutMs: 120_000 })
    const read = (name: string) => ({ name, content: fs.readFileSync(path.join(OAB_DIR, name)) })
    const files = fs.readdirSync(OAB_DIR)
    await uploadDisciplines(admin, files.filter((f) => f.endsWith('.json')).map(read))
    const exams = await uploadExams(admin, files.filter((f) => f.endsWith('.txt')).map(read))
    const questions = exams.files.reduce((sum, f) => sum + f.processed_questions, 0)
    return await measure({ base, admin, questions })
  } finally {
    await stop(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
