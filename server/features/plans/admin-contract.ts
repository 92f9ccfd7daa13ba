import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'
import { pageParam } from '../../api/http'
import { PolicyJson } from '../../domain/account-json'
import type { AdminToggle } from '../../domain/toggles/names'
import { ADMIN_TOGGLES } from '../../domain/toggles/names'
import { BODY_NOT_OBJECT, USER_NOT_FOUND } from './admin-messages'
import {
  BillingOverviewJson,
  CHANGEABLE_PLAN_NAMES,
  CheckoutJson,
  pageOf,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATES,
  SubscriptionJson,
} from './json'

// The admin side of issue 10: feature toggles (Recursos), subscriptions and payments, users
// (plan grants, the admin flag) and the renewal run behind `gabarita subscriptions renew`.

const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A body that is not a JSON object is refused with one message before its fields are read. */
const objectError = (iss: { code: string }) => (iss.code === 'invalid_type' ? BODY_NOT_OBJECT : undefined)

const flag = z.boolean()
/** One schema per switch, built from the one list (server/domain/toggles/names.ts). */
const perToggle = <T extends z.ZodType>(schema: (key: AdminToggle) => T) =>
  Object.fromEntries(ADMIN_TOGGLES.map((key) => [key, schema(key)])) as Record<AdminToggle, T>

export const TogglesJson = z.object(perToggle(() => flag)).meta({ id: 'Toggles' })

export const TogglesView = z
  .object({
    toggles: TogglesJson,
    items: z
      .array(z.object({ key: z.enum(ADMIN_TOGGLES), label: z.string(), enabled: z.boolean() }))
      .meta({ description: 'As chaves na ordem da página, com os rótulos em português.' }),
  })
  .meta({ id: 'TogglesView' })
export type TogglesView = z.output<typeof TogglesView>

const toggleFlag = (key: string) => z.boolean({ error: `${key} deve ser verdadeiro ou falso (true/false).` }).optional()

/** Any subset of the toggles, each a boolean; an unknown name is refused, not ignored. */
export const TogglesBody = z.strictObject(perToggle(toggleFlag), {
  error: (iss) =>
    iss.code === 'unrecognized_keys'
      ? `Recurso desconhecido: ${String(iss.keys[0]).slice(0, 60)}. Use ${ADMIN_TOGGLES.join(', ')}.`
      : objectError(iss),
})

export const UserRef = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: 'UserRef' })

export const AdminUserJson = UserRef.extend({
  plan_name: z.enum(PLAN_NAMES),
  plan: z.string(),
  is_admin: z.boolean(),
  is_professor: z.boolean().meta({ description: 'Escreve análises na mesa do professor.' }),
  created_at: z.iso.datetime(),
}).meta({ id: 'AdminUser' })
export type AdminUserJson = z.output<typeof AdminUserJson>

export const AdminSubscriptionJson = SubscriptionJson.extend({
  user: UserRef,
  granted_by_user: UserRef.nullable().meta({ description: 'O admin que concedeu a cortesia.' }),
  updated_at: z.iso.datetime(),
}).meta({ id: 'AdminSubscription' })
export type AdminSubscriptionJson = z.output<typeof AdminSubscriptionJson>

export const AdminPaymentJson = CheckoutJson.extend({
  id: z.number().int(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  user: UserRef.nullable(),
}).meta({ id: 'AdminPayment' })
export type AdminPaymentJson = z.output<typeof AdminPaymentJson>

export const AdminUserDetail = z
  .object({
    user: AdminUserJson,
    billing: BillingOverviewJson,
    policy: PolicyJson,
    usage: PolicyJson.shape.usage,
    subscriptions: z.array(SubscriptionJson).meta({ description: 'As 10 mais recentes.' }),
    payments: z.array(AdminPaymentJson).meta({ description: 'Os 20 mais recentes.' }),
  })
  .meta({ id: 'AdminUserDetail' })
export type AdminUserDetail = z.output<typeof AdminUserDetail>

const AdminChangeReply = z.object({ success: z.literal(true), message: z.string(), user: AdminUserJson })

const count = z.number().int()
const RenewalReply = z.object({
  success: z.literal(true),
  checked: count,
  none: count,
  renewed: count,
  downgraded: count,
  ended: count,
  renewal_declined: count,
})

const userParams = z.object({
  id: z
    .string()
    .regex(UUID, { error: USER_NOT_FOUND })
    .transform((id) => id.toLowerCase())
    .meta({ description: 'O id (UUID) do usuário.' }),
})

const tags = ['Admin: planos e assinaturas']

export const adminBillingApi = {
  getToggles: defineEndpoint({
    method: 'get',
    path: '/admin/feature-toggles',
    summary: 'As chaves de recurso (cadernos, comentários, chat, anúncios, questões comentadas)',
    tags,
    auth: 'admin',
    responses: { 200: TogglesView },
  }),
  setToggles: defineEndpoint({
    method: 'put',
    path: '/admin/feature-toggles',
    summary: 'Liga ou desliga qualquer subconjunto das chaves; vale a partir da próxima requisição',
    tags,
    auth: 'admin',
    body: TogglesBody,
    responses: { 200: TogglesView.extend({ success: z.literal(true), message: z.string() }) },
  }),
  subscriptions: defineEndpoint({
    method: 'get',
    path: '/admin/subscriptions',
    summary: 'As assinaturas, da mais recente à mais antiga, por situação',
    tags,
    auth: 'admin',
    query: z.object({
      status: z.enum(SUBSCRIPTION_STATES, { error: `Situação inválida: use ${SUBSCRIPTION_STATES.join(', ')}.` }).optional(),
      page: pageParam,
    }),
    responses: { 200: pageOf(AdminSubscriptionJson) },
  }),
  renew: defineEndpoint({
    method: 'post',
    path: '/admin/subscriptions/renew',
    summary: 'Aplica todo fim de período vencido (renovações, mudanças agendadas, cancelamentos)',
    tags,
    auth: 'admin',
    responses: { 200: RenewalReply },
  }),
  payments: defineEndpoint({
    method: 'get',
    path: '/admin/payments',
    summary: 'Os pagamentos, do mais recente ao mais antigo, por situação',
    tags,
    auth: 'admin',
    query: z.object({
      status: z.enum(PAYMENT_STATUSES, { error: `Situação inválida: use ${PAYMENT_STATUSES.join(', ')}.` }).optional(),
      page: pageParam,
    }),
    responses: { 200: pageOf(AdminPaymentJson) },
  }),
  users: defineEndpoint({
    method: 'get',
    path: '/admin/users',
    summary: 'Os usuários cujo nome ou email contém q, por nome, 20 por página',
    tags,
    auth: 'admin',
    query: z.object({
      q: z
        .string({ error: 'Busca inválida.' })
        .max(100, 'Busca muito longa (máximo de 100 caracteres).')
        .refine((v) => !v.includes('\0'), 'Busca inválida.')
        .optional(),
      page: pageParam,
    }),
    responses: { 200: pageOf(AdminUserJson) },
  }),
  getUser: defineEndpoint({
    method: 'get',
    path: '/admin/users/:id',
    summary: 'Um usuário: plano, assinatura (com histórico), uso e pagamentos',
    tags,
    auth: 'admin',
    params: userParams,
    responses: { 200: AdminUserDetail },
  }),
  grantPlan: defineEndpoint({
    method: 'put',
    path: '/admin/users/:id/plan',
    summary: 'Concede um plano como cortesia (sem pagamento); GRATUITO encerra a assinatura',
    tags,
    auth: 'admin',
    params: userParams,
    body: z.object(
      { plan_name: z.enum(CHANGEABLE_PLAN_NAMES, { error: 'Escolha um plano: GRATUITO, BASICO, PREMIUM ou PRO.' }) },
      { error: objectError },
    ),
    responses: { 200: AdminChangeReply },
  }),
  setAdmin: defineEndpoint({
    method: 'put',
    path: '/admin/users/:id/admin',
    summary: 'Faz ou desfaz um administrador (nunca a si mesmo: 403)',
    tags,
    auth: 'admin',
    params: userParams,
    body: z.object({ is_admin: z.boolean({ error: 'is_admin deve ser verdadeiro ou falso (true/false).' }) }, { error: objectError }),
    responses: { 200: AdminChangeReply },
  }),
  setProfessor: defineEndpoint({
    method: 'put',
    path: '/admin/users/:id/professor',
    summary: 'Concede ou retira o papel de professor (escreve análises), independente do plano',
    tags,
    auth: 'admin',
    params: userParams,
    body: z.object(
      { is_professor: z.boolean({ error: 'is_professor deve ser verdadeiro ou falso (true/false).' }) },
      { error: objectError },
    ),
    responses: { 200: AdminChangeReply },
  }),
}
