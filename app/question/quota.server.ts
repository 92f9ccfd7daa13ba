import type { AppLoadContext } from '@remix-run/node'

import { quotaMessageFor } from '#server/features/plans/plan-messages'
import { policyOf } from '~/utils/session.server'

/**
 * The weekly-limit message a `?limite=` redirect shows without JS: the student's own limit and
 * renewal day, from the policy that came with /auth/me ('' when it cannot be read).
 */
export async function quotaTextOf(request: Request, context: AppLoadContext) {
  const policy = await policyOf(request, context).catch(() => null)
  return policy ? quotaMessageFor(policy.limits.questionsPerWeek, policy.usage.weekStart) : ''
}
