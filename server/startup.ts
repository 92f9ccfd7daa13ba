import type { AppContext } from './context'
import { ensureAccounts } from './domain/auth/seed'
import { seedDemoContent } from './domain/import/seed'
import { runReplay } from './domain/review/record'
import { elapsedMs } from './domain/time/clock'

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
 * Tasks that run once the server listens, without holding up its start: the one-time replay of
 * the attempts made before Revisão into cards (ADR 047). It resumes from its cursor after a
 * restart; a student who answers before it reaches them is replayed by that answer.
 */
export function startBackgroundTasks(ctx: AppContext) {
  const started = elapsedMs()
  runReplay(ctx.db, { logger: ctx.logger, now: ctx.clock })
    .then((r) => {
      if (r.users) ctx.logger.info({ ...r, ms: Math.round(elapsedMs() - started) }, 'revisão: reprodução do histórico concluída')
    })
    .catch((err: unknown) => ctx.logger.error({ err }, 'revisão: a reprodução do histórico falhou; continua no próximo início'))
}
