import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { generateBank } from '../../bench/generate'
import { startServer } from '../../scripts/scale/cluster'
import { openDatabase } from '../../server/db/index'
import { currentModel, trainBankModel, trainElsewhere } from '../../server/domain/classify/current'
import { defaultModel } from '../../server/domain/classify/load'
import { runInWorker } from '../../server/worker-jobs'
import { bundled } from '../support/bundle'
import { withEmptyPostgres } from '../support/empty-postgres'
import { freePort } from '../support/free-port'

const shipped = defaultModel()
if (!shipped.ok) throw new Error(shipped.error)
const base = shipped.model.data

// ADR 076: the discipline model trains in a worker thread, and only its data comes back to the
// thread that serves (PGlite's half, where the booklets are fed to it: model-worker-pglite.test.ts).
// The worker as the server ships it (build/server/worker.js); the scale-out test starts one from
// the sources.
const worker = () => bundled('server/worker.ts')

describe.skipIf(!process.env.TEST_DATABASE_URL)('the discipline model trained in a worker thread', () => {
  it('is the model this thread would train, handed back as data; a bank that cannot teach one answers null', async () => {
    await withEmptyPostgres(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      try {
        expect(await runInWorker(await worker(), { job: 'disciplineModel', databaseUrl: url, base })).toBeNull()
        await generateBank(database.db, 1_000)
        const here = await trainBankModel(database.db, base)
        const there = await runInWorker(await worker(), { job: 'disciplineModel', databaseUrl: url, base })
        expect(here).not.toBeNull()
        expect(there).toEqual(here!.data)
      } finally {
        await database.close()
      }
    })
  }, 120_000)

  it('serves every training of a database once registered, and a failed one leaves the shipped model', async () => {
    await withEmptyPostgres(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      const other = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      try {
        await generateBank(database.db, 1_000)
        let trainings = 0
        const entry = await worker()
        trainElsewhere(database.db, (on) => {
          trainings++
          return runInWorker(entry, { job: 'disciplineModel', databaseUrl: url, base: on })
        })
        const model = await currentModel(database.db)
        expect(model).toMatchObject({ ok: true, origin: 'bank', labelled: { questions: 1_000 } })
        // The same labels: the model already built, no second training.
        expect(await currentModel(database.db)).toBe(model)
        expect(trainings).toBe(1)
        expect(model.ok && model.model.data).toEqual((await trainBankModel(database.db, base))!.data)

        trainElsewhere(other.db, async () => null)
        expect(await currentModel(other.db)).toMatchObject({ ok: true, origin: 'shipped' })
      } finally {
        await database.close()
        await other.close()
      }
    })
  }, 120_000)

  it("a server's report names the bank's own model, trained in its worker", async () => {
    await withEmptyPostgres(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      await generateBank(database.db, 600)
      await database.close()
      const credentials = { email: 'admin-modelo@gabarita.test', password: 'senha-admin-123' }
      const server = await startServer({
        port: await freePort(),
        env: {
          NODE_ENV: 'production',
          SESSION_SECRET: 'x'.repeat(32),
          DATABASE_URL: url,
          SEED_DEMO: 'false',
          ADMIN_EMAIL: credentials.email,
          ADMIN_PASSWORD: credentials.password,
          LOG_LEVEL: 'info',
        },
        web: false,
      })
      try {
        const login = await fetch(`${server.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        })
        expect(login.status).toBe(200)
        const { token } = (await login.json()) as { token: string }
        const report = await fetch(`${server.url}/api/v1/admin/classification/report`, { headers: { authorization: `Bearer ${token}` } })
        expect(report.status).toBe(200)
        const body = (await report.json()) as { model: { origin: string; trained_on: { questions: number } } }
        // On top of the shipped model's 760 questions (issue 63 §1).
        expect(body.model).toMatchObject({ origin: 'bank', trained_on: { questions: 600 + base.trainedOn.questions } })
        // Logged by the worker's trainer only: the thread that serves trained nothing. (The pipe
        // from the server may deliver the line a moment after the answer.)
        for (let i = 0; i < 50 && !server.output().includes('modelo de disciplinas: treinado'); i++)
          await new Promise((r) => setTimeout(r, 100))
        expect(server.output()).toContain('modelo de disciplinas: treinado com as questões do banco')
        expect(server.output()).not.toContain('o treino falhou')
      } finally {
        await server.stop()
      }
    })
  }, 120_000)
})

// ADR 092: the start's topic pass runs in a worker thread on PostgreSQL, on its own connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the topic pass in a worker thread', () => {
  it('places every question not placed yet: those without a topic get the model’s, in their discipline’s tree', async () => {
    await withEmptyPostgres(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      try {
        await generateBank(database.db, 200)
        // A bank whose files named no topic.
        await database.db.execute(sql`DELETE FROM question_topics`)
        const placed = await runInWorker(await worker(), { job: 'topics', databaseUrl: url })
        expect(placed).toEqual({ placed: 200, predicted: 200 })
        const [row] = (
          (await database.db.execute(sql`
            SELECT count(*)::int AS links, count(*) FILTER (WHERE t.discipline_id = q.discipline_id AND l.source = 'prediction')::int AS right
              FROM question_topics l JOIN questions q ON q.id = l.question_id JOIN topics t ON t.id = l.topic_id`)) as unknown as {
            rows: { links: number; right: number }[]
          }
        ).rows
        expect(row).toEqual({ links: 200, right: 200 })
        expect(await runInWorker(await worker(), { job: 'topics', databaseUrl: url })).toEqual({ placed: 0, predicted: 0 })
      } finally {
        await database.close()
      }
    })
  }, 120_000)
})
