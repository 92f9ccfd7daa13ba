import type { Router } from 'express'

import type { AppContext } from '../context'
import { adminApi } from '../features/admin/contract'
import { createAdminRouter } from '../features/admin/router'
import { analysesApi } from '../features/analyses/contract'
import { createAnalysesRouter } from '../features/analyses/router'
import { authApi } from '../features/auth/contract'
import { createAuthRouter } from '../features/auth/router'
import { chatApi } from '../features/chat/contract'
import { createChatRouter } from '../features/chat/router'
import { classificationApi } from '../features/classification/contract'
import { createClassificationRouter } from '../features/classification/router'
import { contactApi } from '../features/contact/contract'
import { createContactRouter } from '../features/contact/router'
import { contactAdminApi } from '../features/contact-admin/contract'
import { createAdminContactRouter } from '../features/contact-admin/router'
import { disciplinesApi } from '../features/disciplines/contract'
import { createDisciplinesRouter } from '../features/disciplines/router'
import { errorReportsApi } from '../features/error-reports/contract'
import { createAdminErrorReportsRouter, createErrorReportsRouter } from '../features/error-reports/router'
import { explanationsApi } from '../features/explanations/contract'
import { createAdminExplanationsRouter, createExplanationsRouter } from '../features/explanations/router'
import { forumApi } from '../features/forum/contract'
import { createAdminForumRouter, createForumRouter } from '../features/forum/router'
import { healthApi } from '../features/health/contract'
import { createHealthRouter } from '../features/health/router'
import { insightApi } from '../features/insight/contract'
import { createInsightRouter } from '../features/insight/router'
import { legislationApi } from '../features/legislation/contract'
import { createLegislationRouter } from '../features/legislation/router'
import { meApi } from '../features/me/contract'
import { createMeRouter } from '../features/me/router'
import { notebooksApi } from '../features/notebooks/contract'
import { createNotebooksRouter } from '../features/notebooks/router'
import { notesApi } from '../features/notes/contract'
import { createNotesRouter } from '../features/notes/router'
import { offlineApi } from '../features/offline/contract'
import { createOfflineRouter } from '../features/offline/router'
import { adminBillingApi } from '../features/plans/admin-contract'
import { createAdminBillingRouter } from '../features/plans/admin-router'
import { planCatalogApi } from '../features/plans/catalog-contract'
import { createPlanCatalogRouter } from '../features/plans/catalog-router'
import { billingApi } from '../features/plans/contract'
import { listUserReceipts } from '../features/plans/index'
import { createBillingRouter, createBillingWebhookRouter } from '../features/plans/router'
import { profileApi } from '../features/profile/contract'
import { createProfileRouter } from '../features/profile/router'
import { questionsApi } from '../features/questions/contract'
import { createQuestionsRouter } from '../features/questions/router'
import { rankingApi } from '../features/ranking/contract'
import { createRankingRouter } from '../features/ranking/router'
import { reviewApi } from '../features/review/contract'
import { createReviewRouter } from '../features/review/router'
import { simulationsApi } from '../features/simulations/contract'
import { createSimulationsRouter } from '../features/simulations/router'
import type { Endpoint } from './contract'

type Routers = Array<(ctx: AppContext) => Router>

/**
 * Every contract of /api/v1 (ADR 038) with the routers that answer it: the one list of the API.
 * The OpenAPI document and the API tests read the contracts; server/api/index.ts mounts the
 * routers in this order once the session is read (`public`: before it; `rawBody`: before the JSON
 * parser). A new feature adds its one line here.
 */
const API = {
  health: { contract: healthApi, public: [createHealthRouter] },
  contact: { contract: contactApi, routers: [createContactRouter] },
  auth: { contract: authApi, routers: [createAuthRouter] },
  profile: { contract: profileApi, routers: [createProfileRouter] },
  disciplines: { contract: disciplinesApi, routers: [createDisciplinesRouter] },
  // Before questions: it answers POST /questions/:id/attempts/:attemptId/rating.
  review: { contract: reviewApi, routers: [createReviewRouter] },
  questions: { contract: questionsApi, routers: [createQuestionsRouter] },
  insight: { contract: insightApi, routers: [createInsightRouter] },
  forum: { contract: forumApi, routers: [createForumRouter, createAdminForumRouter] },
  notes: { contract: notesApi, routers: [createNotesRouter] },
  explanations: { contract: explanationsApi, routers: [createExplanationsRouter, createAdminExplanationsRouter] },
  offline: { contract: offlineApi, routers: [createOfflineRouter] },
  // The account export lists the receipts billing keeps: handed in here, so me does not reach into plans.
  me: { contract: meApi, routers: [(ctx) => createMeRouter(ctx, { receiptsOf: listUserReceipts })] },
  ranking: { contract: rankingApi, routers: [createRankingRouter] },
  simulations: { contract: simulationsApi, routers: [createSimulationsRouter] },
  notebooks: { contract: notebooksApi, routers: [createNotebooksRouter] },
  errorReports: { contract: errorReportsApi, routers: [createErrorReportsRouter, createAdminErrorReportsRouter] },
  // The payment provider's webhook is signed over the raw bytes.
  billing: { contract: billingApi, routers: [createBillingRouter], rawBody: [createBillingWebhookRouter] },
  chat: { contract: chatApi, routers: [createChatRouter] },
  admin: { contract: adminApi, routers: [createAdminRouter] },
  adminBilling: { contract: adminBillingApi, routers: [createAdminBillingRouter] },
  contactAdmin: { contract: contactAdminApi, routers: [createAdminContactRouter] },
  classification: { contract: classificationApi, routers: [createClassificationRouter] },
  planCatalog: { contract: planCatalogApi, routers: [createPlanCatalogRouter] },
  legislation: { contract: legislationApi, routers: [createLegislationRouter] },
  analyses: { contract: analysesApi, routers: [createAnalysesRouter] },
} satisfies Record<string, { contract: Record<string, Endpoint>; routers?: Routers; public?: Routers; rawBody?: Routers }>

type Part = { routers?: Routers; public?: Routers; rawBody?: Routers }
const parts = Object.values(API) as Part[]

/** The routers of one stage of the API, in the list's order. */
export function routersOf(stage: 'rawBody' | 'public' | 'routers', ctx: AppContext) {
  return parts.flatMap((part) => (part[stage] ?? []).map((make) => make(ctx)))
}

/** Each endpoint with its operation id (`notebooks.setQuestionNotebooks`). */
export const ENDPOINTS: Array<{ id: string; endpoint: Endpoint }> = Object.entries(API).flatMap(([feature, { contract }]) =>
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
