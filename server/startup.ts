import type { AppContext } from './context'
import { ensureAccounts } from './domain/auth/seed'
import { seedDemoContent } from './domain/import/seed'

/**
 * Idempotent tasks run once the database is migrated, before the server listens:
 * the ADMIN_EMAIL administrator, and on the embedded default outside production
 * the demo accounts and the demo content from fixtures/.
 */
export async function runStartupTasks(ctx: AppContext) {
  await ensureAccounts(ctx)
  if (ctx.config.seedDemo) await seedDemoContent(ctx)
}
