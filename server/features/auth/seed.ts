import type { AppContext } from '../../context'
import { ensureUser } from './accounts'

/** Demo accounts on the embedded default outside production (listed in the README). */
export const DEMO_ACCOUNTS = {
  student: { email: 'aluno@gabarita.app', password: 'aluno12345', name: 'Aluno Demonstração' },
  admin: { email: 'admin@gabarita.app', password: 'admin12345', name: 'Admin Demonstração' },
} as const

/** Makes sure the ADMIN_EMAIL admin (and, when seeding, the demo accounts) exist. Idempotent. */
export async function ensureAccounts(ctx: AppContext) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const { outcome } = await ensureUser(
      ctx.db,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: 'Administrador', planName: 'ADMIN' },
      ctx.clock(),
    )
    if (outcome === 'created') ctx.logger.info({ email: ADMIN_EMAIL }, 'administrador criado')
    if (outcome === 'promoted') ctx.logger.info({ email: ADMIN_EMAIL }, 'conta existente promovida a administrador')
    if (outcome === 'refused')
      ctx.logger.warn(
        { email: ADMIN_EMAIL },
        'ADMIN_EMAIL já pertence a uma conta cuja senha não é ADMIN_PASSWORD: ela não foi promovida a administrador',
      )
  } else if (ADMIN_EMAIL || ADMIN_PASSWORD) {
    ctx.logger.warn('ADMIN_EMAIL e ADMIN_PASSWORD precisam ser definidos juntos; nenhum administrador criado')
  }
  if (ctx.config.seedDemo) {
    await ensureUser(ctx.db, { ...DEMO_ACCOUNTS.student, planName: 'GRATUITO' }, ctx.clock())
    await ensureUser(ctx.db, { ...DEMO_ACCOUNTS.admin, planName: 'ADMIN' }, ctx.clock())
  }
}
