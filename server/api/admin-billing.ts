import type { Request } from 'express'
import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import { PAYMENT_STATUSES } from '../db/schema'
import type { AdminChangeOutcome } from '../domain/billing/admin'
import { grantPlan, listPayments, listSubscriptions, searchUsers, setAdmin, userDetail } from '../domain/billing/admin'
import { billingDeps } from '../domain/billing/registry'
import { renewDueSubscriptions, SUBSCRIPTION_STATES } from '../domain/billing/subscriptions'
import type { AdminToggle, Toggles } from '../domain/policy'
import { ADMIN_TOGGLE_LABELS, ADMIN_TOGGLES, getToggles, setToggles } from '../domain/policy'
import { currentUser, requireAdmin } from './auth-middleware'
import { blank, handler, HttpError, pageParam, parse } from './http'

// Admin side of issue 10: feature toggles, subscriptions and payments, users (plan grants,
// admin flag) and the renewal run behind `gabarita subscriptions renew`. Mounted at /admin.

const USER_NOT_FOUND = 'Usuário não encontrado.'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const SubscriptionsQuery = z.object({
  status: blank(z.enum(SUBSCRIPTION_STATES, { error: `Situação inválida: use ${SUBSCRIPTION_STATES.join(', ')}.` }).optional()),
  page: pageParam,
})
const PaymentsQuery = z.object({
  status: blank(z.enum(PAYMENT_STATUSES, { error: `Situação inválida: use ${PAYMENT_STATUSES.join(', ')}.` }).optional()),
  page: pageParam,
})
const UsersQuery = z.object({
  q: z
    .string({ error: 'Busca inválida.' })
    .max(100, 'Busca muito longa (máximo de 100 caracteres).')
    .refine((v) => !v.includes('\0'), 'Busca inválida.')
    .optional(),
  page: pageParam,
})
const GrantBody = z.object({
  plan_name: z.enum(['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'], { error: 'Escolha um plano: GRATUITO, BASICO, PREMIUM ou PRO.' }),
})
const AdminFlagBody = z.object({ is_admin: z.boolean({ error: 'is_admin deve ser verdadeiro ou falso (true/false).' }) })

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'Corpo da requisição inválido: envie um objeto JSON.')
  return body as Record<string, unknown>
}

/** Any subset of the five toggles, each a boolean; an unknown name is refused, not ignored. */
function parseToggles(body: unknown): Partial<Toggles> {
  const changes: Partial<Toggles> = {}
  for (const [key, value] of Object.entries(objectBody(body))) {
    if (!(ADMIN_TOGGLES as readonly string[]).includes(key)) {
      throw new HttpError(400, `Recurso desconhecido: ${key.slice(0, 60)}. Use ${ADMIN_TOGGLES.join(', ')}.`)
    }
    if (typeof value !== 'boolean') throw new HttpError(400, `${key} deve ser verdadeiro ou falso (true/false).`)
    changes[key as AdminToggle] = value
  }
  return changes
}

function togglesView(toggles: Toggles) {
  return { toggles, items: ADMIN_TOGGLES.map((key) => ({ key, label: ADMIN_TOGGLE_LABELS[key], enabled: toggles[key] })) }
}

function userId(req: Request) {
  const id = String(req.params.id)
  if (!UUID.test(id)) throw new HttpError(404, USER_NOT_FOUND)
  return id.toLowerCase()
}

function adminChange(outcome: AdminChangeOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, USER_NOT_FOUND)
  if (outcome.kind !== 'ok') throw new HttpError(403, 'Você não pode alterar o seu próprio acesso de administrador.')
  return { success: true, message: outcome.message, user: outcome.user }
}

export function createAdminBillingRouter(ctx: AppContext) {
  const router = Router()
  router.use(requireAdmin)

  router.get(
    '/feature-toggles',
    handler(async (_req, res) => {
      res.json(togglesView(await getToggles(ctx.db)))
    }),
  )

  router.put(
    '/feature-toggles',
    handler(async (req, res) => {
      const toggles = await setToggles(ctx.db, parseToggles(req.body))
      res.json({ success: true, message: 'Recursos atualizados.', ...togglesView(toggles) })
    }),
  )

  router.get(
    '/subscriptions',
    handler(async (req, res) => {
      const query = parse(SubscriptionsQuery, req.query)
      res.json(await listSubscriptions(ctx.db, { state: query.status, page: query.page }))
    }),
  )

  router.post(
    '/subscriptions/renew',
    handler(async (_req, res) => {
      res.json({ success: true, ...(await renewDueSubscriptions(billingDeps(ctx))) })
    }),
  )

  router.get(
    '/payments',
    handler(async (req, res) => {
      const query = parse(PaymentsQuery, req.query)
      res.json(await listPayments(billingDeps(ctx), { status: query.status, page: query.page }))
    }),
  )

  router.get(
    '/users',
    handler(async (req, res) => {
      const query = parse(UsersQuery, req.query)
      res.json(await searchUsers(ctx.db, query))
    }),
  )

  router.get(
    '/users/:id',
    handler(async (req, res) => {
      const detail = await userDetail(billingDeps(ctx), userId(req))
      if (!detail) throw new HttpError(404, USER_NOT_FOUND)
      res.json(detail)
    }),
  )

  router.put(
    '/users/:id/plan',
    handler(async (req, res) => {
      const id = userId(req)
      const { plan_name } = parse(GrantBody, objectBody(req.body))
      res.json(adminChange(await grantPlan(billingDeps(ctx), { userId: id, plan: plan_name, adminId: currentUser(req).id })))
    }),
  )

  router.put(
    '/users/:id/admin',
    handler(async (req, res) => {
      const id = userId(req)
      const { is_admin } = parse(AdminFlagBody, objectBody(req.body))
      res.json(adminChange(await setAdmin(billingDeps(ctx), { userId: id, isAdmin: is_admin, actorId: currentUser(req).id })))
    }),
  )

  return router
}
