import type { AppContext } from './context'
import { readCitations } from './domain/citations/store'
import { readTrainingBooklets, retrainSoon, trainElsewhere } from './domain/classify/current'
import { seedDemoContent } from './domain/import/seed'
import { referenceDataChanged } from './domain/reference-data'
import { runReplay } from './domain/review/record'
import { elapsedMs } from './domain/time/clock'
import { placeTopics } from './domain/topics/store'
import { ensureAccounts } from './features/auth/seed'
import { runInWorker } from './worker-jobs'

/**
 * Idempotent tasks run once the database is migrated, before the server listens:
 * the ADMIN_EMAIL administrator, and on the embedded default outside production
 * the demo accounts and the demo content from fixtures/.
 */
export async function runStartupTasks(ctx: AppContext) {
  await ensureAccounts(ctx)
  if (ctx.config.seedDemo) await seedDemoContent(ctx)
}

/**
 * Tasks that run once the server listens, without holding up its start: the bank's discipline
 * model (ADR 052), the citations of questions not yet read (ADR 055), and the one-time replay of the attempts made before Revisão into cards (ADR 047). It resumes from its cursor after a
 * restart; a student who answers before it reaches them is replayed by that answer.
 * `workerEntry`: server/worker.ts as this process runs it; without it (tests), every pass runs here.
 */
export function startBackgroundTasks(ctx: AppContext, { workerEntry }: { workerEntry?: URL } = {}) {
  const started = elapsedMs()
  const databaseUrl = ctx.config.DATABASE_URL
  // The bank's own discipline model, built before the first upload needs it (ADR 052); every
  // training of it runs in a worker thread (ADR 076, issue 63 §1), and a failed one leaves the
  // shipped model, as a bank that cannot be learnt does.
  if (workerEntry)
    trainElsewhere(ctx.db, async (base) => {
      const job = databaseUrl
        ? runInWorker(workerEntry, { job: 'disciplineModel', databaseUrl, base })
        : readTrainingBooklets(ctx.db, base).then(
            (training) => training && runInWorker(workerEntry, { job: 'trainBooklets', names: training.names, base }, training.booklets),
          )
      return job.then(
        (data) => {
          if (data) ctx.logger.info({ questions: data.trainedOn.questions }, 'modelo de disciplinas: treinado com as questões do banco')
          return data
        },
        (err: unknown) => {
          ctx.logger.error({ err }, 'modelo de disciplinas: o treino falhou; segue o modelo que vem com o Gabarita')
          return null
        },
      )
    })
  retrainSoon(ctx.db, { modelFile: ctx.config.DISCIPLINE_MODEL_FILE })
  // Questions not read by this version of the citation extractor (ADR 055), in a worker thread on
  // PostgreSQL (ADR 074); PGlite has one opener, this thread.
  const citationsRead = databaseUrl && workerEntry ? runInWorker(workerEntry, { job: 'citations', databaseUrl }) : readCitations(ctx.db)
  citationsRead
    .then((n) => {
      if (n) ctx.logger.info({ questions: n }, 'legislação citada: questões lidas')
    })
    .catch((err: unknown) => ctx.logger.error({ err }, 'legislação citada: a leitura falhou; continua no próximo início'))
  // Questions without a topic get one (issue 65 §2, ADR 092): the whole bank the first time, in a
  // worker thread on PostgreSQL; PGlite has one opener, this thread.
  const topicsPlaced = databaseUrl && workerEntry ? runInWorker(workerEntry, { job: 'topics', databaseUrl }) : placeTopics(ctx.db)
  topicsPlaced
    .then((r) => {
      if (r.placed) {
        referenceDataChanged()
        ctx.logger.info(r, 'assuntos: questões classificadas')
      }
    })
    .catch((err: unknown) => ctx.logger.error({ err }, 'assuntos: a classificação falhou; continua no próximo início'))
  runReplay(ctx.db, { logger: ctx.logger, now: ctx.clock })
    .then((r) => {
      if (r.users) ctx.logger.info({ ...r, ms: Math.round(elapsedMs() - started) }, 'revisão: reprodução do histórico concluída')
    })
    .catch((err: unknown) => ctx.logger.error({ err }, 'revisão: a reprodução do histórico falhou; continua no próximo início'))
}
