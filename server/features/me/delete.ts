import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { payments, users } from '../../db/schema'
import { verifyPassword } from '../auth/index'
import { WRONG_CONFIRMATION } from './messages'

// 'Excluir minha conta' (issue 14; ADR 022): the account and its personal data go (profile,
// answers, notes, notebooks, votes, sessions, chat: the foreign keys cascade); forum posts stay
// for the threads they belong to, shown as 'Usuário removido' (user_id set null); payments stay
// without the link to the person, as tax records must. Every column that holds a user's id
// cascades or is set null (delete-coverage.test.ts reads them from the schema), but for these,
// kept as they are, by `table.column`:

export const KEPT_ON_DELETE: Record<string, string> = {
  'review_replay.cursor':
    'Where the one-time replay of old answers into review cards stopped (ADR 047): a bare id, with no row behind it once the account is gone, still needed while the replay runs.',
}

export type DeleteOutcome = { kind: 'ok' } | { kind: 'refused'; message: string }

export async function deleteMyAccount(db: Db, userId: string, confirmation: string, now: Date): Promise<DeleteOutcome> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!user) return { kind: 'refused', message: WRONG_CONFIRMATION }
  const confirmed = user.passwordHash
    ? await verifyPassword(user.passwordHash, confirmation)
    : confirmation.trim().toLowerCase() === user.email.toLowerCase()
  if (!confirmed) return { kind: 'refused', message: WRONG_CONFIRMATION }
  await db.transaction(async (tx) => {
    // A checkout still open can no longer start a plan for nobody.
    await tx
      .update(payments)
      .set({ status: 'declined', failureReason: 'conta excluída', decidedAt: now, updatedAt: now })
      .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    await tx.delete(users).where(eq(users.id, userId))
  })
  return { kind: 'ok' }
}
