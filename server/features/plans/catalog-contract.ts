import * as z from 'zod'

import { defineEndpoint, idParam } from '../../api/contract'
import { PlanLimitsJson } from '../../domain/account-json'
import { CATALOG_PLAN_NAMES, LINE_NOT_FOUND } from './catalog-messages'
import { catalogPlanName, LineCreateBody, LineUpdateBody, PlanUpdateBody } from './catalog-schemas'

// The plan catalogue (issue 28): the admin edits plans, prices and the lines of the plan cards;
// GET /plans (billing) and every policy read what this writes.

const iso = z.iso.datetime()

export const CatalogPlanJson = z
  .object({
    plan_name: z.enum(CATALOG_PLAN_NAMES),
    name: z.string(),
    tagline: z.string(),
    position: z.number().int(),
    popular: z.boolean(),
    limits: PlanLimitsJson,
    price_cents: z.number().int().meta({ description: 'O preço mensal de agora: novas assinaturas e renovações.' }),
    price_formatted: z.string(),
    year_price_cents: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'O preço anual de agora (um pagamento por um ano); null quando o plano não é vendido por ano.' }),
    year_price_formatted: z.string().nullable(),
    prices: z
      .array(
        z.object({
          period: z.enum(['month', 'year']),
          amount_cents: z.number().int().meta({ description: 'Num preço anual, 0 tira o plano anual de venda a partir de effective_at.' }),
          amount_formatted: z.string(),
          effective_at: iso,
          created_by: z.string().nullable(),
        }),
      )
      .meta({ description: 'O histórico de preços, do mais recente ao mais antigo; um período já pago guarda o seu valor.' }),
    features: z.array(z.string()).meta({ description: 'As linhas que o cartão do plano mostra agora.' }),
  })
  .meta({ id: 'CatalogPlan' })

export const CatalogLineJson = z
  .object({
    id: z.number().int(),
    label: z.string(),
    capability: z.string(),
    capability_description: z.string(),
    service: z.boolean().meta({ description: 'Um serviço fora do software, nos planos escolhidos pelo admin.' }),
    plans: z.array(z.enum(CATALOG_PLAN_NAMES)),
    enabled: z.boolean(),
    position: z.number().int(),
    delivered: z.boolean().meta({ description: 'Se a linha aparece hoje: o recurso existe, está ligado e a linha também.' }),
    min_count: z.number().int().nullable().meta({ description: 'Linha da análise: o mínimo de questões com análise para aparecer.' }),
    coverage: z
      .object({
        count: z.number().int(),
        total: z.number().int(),
        percent: z.number().int().meta({ description: 'Arredondado para baixo.' }),
        shown: z.boolean().meta({ description: 'Se a linha aparece hoje nos cartões (ligada e acima do mínimo).' }),
      })
      .nullable()
      .meta({ description: 'Só na linha da análise: a cobertura de hoje, contada no banco.' }),
  })
  .meta({ id: 'CatalogLine' })

export const CatalogView = z.object({ plans: z.array(CatalogPlanJson), lines: z.array(CatalogLineJson) }).meta({ id: 'Catalog' })
export type CatalogView = z.output<typeof CatalogView>

const Saved = CatalogView.extend({ success: z.literal(true), message: z.string() })

const tags = ['Admin: catálogo de planos']
const lineParams = z.object({ id: idParam(LINE_NOT_FOUND) })

export const planCatalogApi = {
  get: defineEndpoint({
    method: 'get',
    path: '/admin/plan-catalog',
    summary: 'O catálogo: planos, limites, preços (com histórico) e as linhas dos cartões',
    tags,
    auth: 'admin',
    responses: { 200: CatalogView },
  }),
  updatePlan: defineEndpoint({
    method: 'put',
    path: '/admin/plan-catalog/plans/:plan',
    summary: 'Muda frase, limites e preço de um plano; um preço novo vale para novas assinaturas e renovações',
    tags,
    auth: 'admin',
    params: z.object({ plan: catalogPlanName }),
    body: PlanUpdateBody,
    responses: { 200: Saved },
    errors: [422],
  }),
  createLine: defineEndpoint({
    method: 'post',
    path: '/admin/plan-catalog/lines',
    summary: 'Escreve um serviço (fora do software) nos cartões dos planos escolhidos; desligado até ser ligado',
    tags,
    auth: 'admin',
    body: LineCreateBody,
    responses: { 201: Saved },
  }),
  updateLine: defineEndpoint({
    method: 'patch',
    path: '/admin/plan-catalog/lines/:id',
    summary: 'Muda o texto, a posição, os planos (serviços) ou liga/desliga uma linha',
    tags,
    auth: 'admin',
    params: lineParams,
    body: LineUpdateBody,
    responses: { 200: Saved },
    errors: [422],
  }),
  deleteLine: defineEndpoint({
    method: 'delete',
    path: '/admin/plan-catalog/lines/:id',
    summary: 'Exclui uma linha de serviço (as de recurso só se desligam)',
    tags,
    auth: 'admin',
    params: lineParams,
    responses: { 200: Saved },
    errors: [409],
  }),
}
