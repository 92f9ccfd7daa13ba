import { describe, expect, it } from 'vitest'

import { generateBank } from '../../bench/generate'
import { currentModel, labelsChanged, readTrainingBooklets, trainBankModel, trainElsewhere } from '../../server/domain/classify/current'
import { defaultModel } from '../../server/domain/classify/load'
import { runInWorker } from '../../server/worker-jobs'
import { bundled } from '../support/bundle'
import { openMigratedPglite } from '../support/context'

const shipped = defaultModel()
if (!shipped.ok) throw new Error(shipped.error)
const base = shipped.model.data

// ADR 076, issue 63 §1: the discipline model trains in a worker thread, and only its data comes
// back to the thread that serves. On PGlite (one opener) the booklets are read here and fed to it.
describe('on PGlite, the labelled booklets fed to the worker thread', () => {
  it('train the model this thread would train, on top of the shipped one', async () => {
    const database = await openMigratedPglite()
    try {
      await generateBank(database.db, 600)
      const here = await trainBankModel(database.db, base)
      const training = await readTrainingBooklets(database.db, base)
      const there = await runInWorker(
        await bundled('server/worker.ts'),
        { job: 'trainBooklets', names: training!.names, base },
        training!.booklets,
      )
      expect(here).not.toBeNull()
      expect(there).toEqual(here!.data)
      expect(there!.trainedOn.questions).toBe(600 + base.trainedOn.questions)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('a training that fails keeps the model the bank had', async () => {
    const database = await openMigratedPglite()
    try {
      await generateBank(database.db, 300)
      let fail = false
      trainElsewhere(database.db, (on) => (fail ? Promise.resolve(null) : trainBankModel(database.db, on).then((m) => m?.data ?? null)))
      const trained = await currentModel(database.db)
      expect(trained).toMatchObject({ ok: true, origin: 'bank' })
      fail = true
      labelsChanged(database.db)
      const after = await currentModel(database.db)
      expect(after).toBe(trained)
    } finally {
      await database.close()
    }
  }, 120_000)
})
