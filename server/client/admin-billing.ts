import type { PaymentStatus, PlanName } from '../db/schema'
import type { AdminChangeOutcome, AdminPaymentJson, AdminSubscriptionJson, AdminUserJson, Page, userDetail } from '../domain/billing/admin'
import type { RenewalReport, SubscriptionState } from '../domain/billing/subscriptions'
import type { AdminToggle, Toggles } from '../domain/policy'
import type { ApiClient } from './core'

// Typed admin calls of issue 10 (server/api/admin-billing.ts): /admin/recursos,
// /admin/assinaturas, /admin/usuarios and `gabarita subscriptions renew`.

export type {
  AdminPaymentJson,
  AdminSubscriptionJson,
  AdminToggle,
  AdminUserJson,
  Page,
  PaymentStatus,
  RenewalReport,
  SubscriptionState,
  Toggles,
}

export type FeatureTogglesResponse = {
  toggles: Toggles
  /** The five toggles in display order, with their Portuguese labels. */
  items: { key: AdminToggle; label: string; enabled: boolean }[]
}
export type AdminUserDetail = NonNullable<Awaited<ReturnType<typeof userDetail>>>
export type AdminChangeResponse = { success: true; message: string; user: Extract<AdminChangeOutcome, { kind: 'ok' }>['user'] }

export function getFeatureToggles(client: ApiClient) {
  return client.get<FeatureTogglesResponse>('/admin/feature-toggles')
}

/** Any subset of the toggles; an unknown name is a 400. Holds from the next request of every user. */
export function updateFeatureToggles(client: ApiClient, changes: Partial<Toggles>) {
  return client.put<FeatureTogglesResponse & { success: true; message: string }>('/admin/feature-toggles', { json: changes })
}

export function listSubscriptions(client: ApiClient, options: { status?: SubscriptionState; page?: number } = {}) {
  return client.get<Page<AdminSubscriptionJson>>('/admin/subscriptions', { query: options })
}

export function listPayments(client: ApiClient, options: { status?: PaymentStatus; page?: number } = {}) {
  return client.get<Page<AdminPaymentJson>>('/admin/payments', { query: options })
}

/** Applies every period end that has passed (renewals, scheduled downgrades, cancellations). */
export function renewSubscriptions(client: ApiClient) {
  return client.post<RenewalReport & { success: true }>('/admin/subscriptions/renew')
}

/** Users whose name or email contains `q`, 20 a page. */
export function searchUsers(client: ApiClient, options: { q?: string; page?: number } = {}) {
  return client.get<Page<AdminUserJson>>('/admin/users', { query: options })
}

export function getUser(client: ApiClient, userId: string) {
  return client.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId)}`)
}

/** A complimentary plan (no payment), recorded with the admin who granted it; GRATUITO ends it. */
export function grantPlan(client: ApiClient, userId: string, planName: Exclude<PlanName, 'ADMIN'>) {
  return client.put<AdminChangeResponse>(`/admin/users/${encodeURIComponent(userId)}/plan`, { json: { plan_name: planName } })
}

/** Makes or unmakes an administrator; on oneself the API answers 403. */
export function setUserAdmin(client: ApiClient, userId: string, isAdmin: boolean) {
  return client.put<AdminChangeResponse>(`/admin/users/${encodeURIComponent(userId)}/admin`, { json: { is_admin: isAdmin } })
}
