import { adminApi } from '../features/admin/contract'
import { analysesApi } from '../features/analyses/contract'
import { authApi } from '../features/auth/contract'
import { adminBillingApi } from '../features/billing/admin-contract'
import { billingApi } from '../features/billing/contract'
import { chatApi } from '../features/chat/contract'
import { classificationApi } from '../features/classification/contract'
import { contactApi } from '../features/contact/contract'
import { contactAdminApi } from '../features/contact-admin/contract'
import { disciplinesApi } from '../features/disciplines/contract'
import { errorReportsApi } from '../features/error-reports/contract'
import { forumApi } from '../features/forum/contract'
import { healthApi } from '../features/health/contract'
import { insightApi } from '../features/insight/contract'
import { legislationApi } from '../features/legislation/contract'
import { meApi } from '../features/me/contract'
import { notebooksApi } from '../features/notebooks/contract'
import { notesApi } from '../features/notes/contract'
import { offlineApi } from '../features/offline/contract'
import { planCatalogApi } from '../features/plan-catalog/contract'
import { profileApi } from '../features/profile/contract'
import { questionsApi } from '../features/questions/contract'
import { rankingApi } from '../features/ranking/contract'
import { reviewApi } from '../features/review/contract'
import { simulationsApi } from '../features/simulations/contract'
import type { Endpoint } from './contract'

// Every contract of /api/v1 (ADR 038), by feature: what the OpenAPI document lists and what the
// API tests check answers against. A feature moved onto contracts adds its one line here.

export const CONTRACTS = {
  notes: notesApi,
  offline: offlineApi,
  notebooks: notebooksApi,
  ranking: rankingApi,
  profile: profileApi,
  contact: contactApi,
  chat: chatApi,
  insight: insightApi,
  me: meApi,
  disciplines: disciplinesApi,
  health: healthApi,
  errorReports: errorReportsApi,
  forum: forumApi,
  contactAdmin: contactAdminApi,
  auth: authApi,
  billing: billingApi,
  adminBilling: adminBillingApi,
  admin: adminApi,
  questions: questionsApi,
  planCatalog: planCatalogApi,
  simulations: simulationsApi,
  review: reviewApi,
  classification: classificationApi,
  legislation: legislationApi,
  analyses: analysesApi,
} satisfies Record<string, Record<string, Endpoint>>

/** Each endpoint with its operation id (`notebooks.setQuestionNotebooks`). */
export const ENDPOINTS: Array<{ id: string; endpoint: Endpoint }> = Object.entries(CONTRACTS).flatMap(([feature, contract]) =>
  Object.entries(contract as Record<string, Endpoint>).map(([name, endpoint]) => ({ id: `${feature}.${name}`, endpoint })),
)

/** The contract of a request as a client sends it (method and concrete path under /api/v1). */
export function findEndpoint(method: string, path: string, endpoints = ENDPOINTS) {
  const lower = method.toLowerCase()
  return endpoints.find(({ endpoint }) => endpoint.method === lower && matchesTemplate(endpoint.path, path))
}

function matchesTemplate(template: string, path: string) {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')
  return new RegExp(`^${pattern}/?$`).test(path)
}
