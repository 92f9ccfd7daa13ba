import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import type { Toggles } from '../../domain/toggles/names'
import { ADMIN_TOGGLE_LABELS, ADMIN_TOGGLES } from '../../domain/toggles/names'
import { getToggles, setToggles } from '../../domain/toggles/store'
import type { AdminChangeOutcome } from './admin'
import { grantPlan, listPayments, listSubscriptions, searchUsers, setAdmin, setProfessor, userDetail } from './admin'
import { adminBillingApi } from './admin-contract'
import { NOT_YOURSELF, USER_NOT_FOUND } from './admin-messages'
import { billingDeps } from './registry'
import { renewDueSubscriptions } from './subscriptions'

// The admin side of issue 10: the contract (./contract.ts) says what each route reads and
// answers; the rules are in server/domain/billing/admin.ts and server/features/plans/policy.ts.

function togglesView(toggles: Toggles) {
  return { toggles, items: ADMIN_TOGGLES.map((key) => ({ key, label: ADMIN_TOGGLE_LABELS[key], enabled: toggles[key] })) }
}

function adminChange(outcome: AdminChangeOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, USER_NOT_FOUND)
  if (outcome.kind !== 'ok') throw new HttpError(403, NOT_YOURSELF)
  return { success: true as const, message: outcome.message, user: outcome.user }
}

export function createAdminBillingRouter(ctx: AppContext) {
  const router = Router()

  route(router, adminBillingApi.getToggles)(async () => togglesView(await getToggles(ctx.db)))

  route(
    router,
    adminBillingApi.setToggles,
  )(async ({ body }) => {
    const toggles = await setToggles(ctx.db, body, ctx.clock())
    return { success: true, message: 'Recursos atualizados.', ...togglesView(toggles) }
  })

  route(router, adminBillingApi.subscriptions)(({ query }) => listSubscriptions(ctx.db, { state: query.status, page: query.page }))

  route(router, adminBillingApi.renew)(async () => ({ success: true, ...(await renewDueSubscriptions(billingDeps(ctx))) }))

  route(router, adminBillingApi.payments)(({ query }) => listPayments(billingDeps(ctx), { status: query.status, page: query.page }))

  route(router, adminBillingApi.users)(({ query }) => searchUsers(ctx.db, query))

  route(
    router,
    adminBillingApi.getUser,
  )(async ({ params }) => {
    const detail = await userDetail(billingDeps(ctx), params.id)
    if (!detail) throw new HttpError(404, USER_NOT_FOUND)
    return detail
  })

  route(
    router,
    adminBillingApi.grantPlan,
  )(async ({ req, params, body }) =>
    adminChange(await grantPlan(billingDeps(ctx), { userId: params.id, plan: body.plan_name, adminId: currentUser(req).id })),
  )

  route(
    router,
    adminBillingApi.setAdmin,
  )(async ({ req, params, body }) =>
    adminChange(await setAdmin(billingDeps(ctx), { userId: params.id, isAdmin: body.is_admin, actorId: currentUser(req).id })),
  )

  route(
    router,
    adminBillingApi.setProfessor,
  )(async ({ params, body }) => adminChange(await setProfessor(billingDeps(ctx), { userId: params.id, isProfessor: body.is_professor })))

  return router
}
