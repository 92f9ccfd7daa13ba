import * as z from 'zod'

import {
  CATALOG_PLAN_NAMES,
  LIMIT_MAX,
  LINE_LABEL_MAX,
  MIN_COUNT_MAX,
  PLAN_NOT_IN_CATALOG,
  PRICE_MAX_CENTS,
  TAGLINE_MAX,
} from './catalog-messages'

// What an admin may write into the catalogue: one rule for the API (./contract.ts) and the
// /admin/planos forms.

/** -1 for unlimited, else 0 to LIMIT_MAX; one message for every way of getting it wrong. */
export const limit = (label: string) => {
  const error = `${label}: use -1 para ilimitado ou um número inteiro de 0 a ${LIMIT_MAX}.`
  return z.number({ error }).int({ error }).min(-1, { error }).max(LIMIT_MAX, { error })
}

export const catalogPlanName = z.enum(CATALOG_PLAN_NAMES, { error: PLAN_NOT_IN_CATALOG })

export const PlanUpdateBody = z.object({
  tagline: z
    .string({ error: 'Escreva a frase do plano.' })
    .trim()
    .max(TAGLINE_MAX, { error: `A frase do plano pode ter no máximo ${TAGLINE_MAX} caracteres.` }),
  popular: z.boolean({ error: 'Informe se o plano é o mais popular (true ou false).' }),
  price_cents: z
    .number({ error: 'Informe o preço mensal em centavos.' })
    .int({ error: 'O preço vai em centavos inteiros.' })
    .min(0, { error: 'O preço não pode ser negativo.' })
    .max(PRICE_MAX_CENTS, { error: 'Preço alto demais: confira o valor (em centavos).' }),
  year_price_cents: z
    .number({ error: 'Informe o preço anual em centavos, ou null para não vender por ano.' })
    .int({ error: 'O preço vai em centavos inteiros.' })
    .max(PRICE_MAX_CENTS, { error: 'Preço alto demais: confira o valor (em centavos).' })
    .nullable()
    .optional()
    .meta({ description: 'O preço de um ano (um pagamento); null: o plano não é vendido por ano; ausente: não muda.' }),
  questions_per_week: limit('Questões por semana'),
  notebooks_limit: limit('Cadernos'),
  has_commented_questions: z.boolean({ error: 'Informe se o plano tem a análise do professor.' }),
  has_notebooks: z.boolean({ error: 'Informe se o plano tem cadernos.' }),
  has_comments: z.boolean({ error: 'Informe se o plano tem discussões.' }),
  has_chat: z.boolean({ error: 'Informe se o plano tem o assistente de estudos.' }),
  has_ads: z.boolean({ error: 'Informe se o plano mostra anúncios.' }),
  // Absent: unchanged (issue 29 added them after the admin's form).
  simulations_per_month: limit('Simulados de prova anterior por mês').optional(),
  has_simulations: z.boolean({ error: 'Informe se o plano tem os simulados do Exame de Ordem e personalizados.' }).optional(),
  has_study_plan: z.boolean({ error: 'Informe se o plano tem o plano de estudos.' }).optional(),
})
export type PlanUpdateBody = z.output<typeof PlanUpdateBody>

const lineLabel = z
  .string({ error: 'Escreva o texto da linha.' })
  .trim()
  .min(1, { error: 'Escreva o texto da linha.' })
  .max(LINE_LABEL_MAX, { error: `O texto da linha pode ter no máximo ${LINE_LABEL_MAX} caracteres.` })
const linePlans = z.array(catalogPlanName).max(CATALOG_PLAN_NAMES.length)
const position = z.number({ error: 'Informe a posição.' }).int({ error: 'A posição é um número inteiro.' }).min(0).max(1000)

/** The analysis line's threshold: it shows from this many analysed questions up. */
export const minCount = z
  .number({ error: 'Mínimo de questões: use um número inteiro de 0 a 1.000.000.' })
  .int({ error: 'Mínimo de questões: use um número inteiro de 0 a 1.000.000.' })
  .min(0, { error: 'O mínimo de questões não pode ser negativo.' })
  .max(MIN_COUNT_MAX, { error: 'Mínimo de questões: use um número inteiro de 0 a 1.000.000.' })

/** A service line: something offered outside the software, off until an admin switches it on. */
export const LineCreateBody = z.object({
  label: lineLabel,
  plans: linePlans.min(1, { error: 'Escolha ao menos um plano.' }),
  enabled: z.boolean().default(false),
})
export type LineCreateBody = z.output<typeof LineCreateBody>

export const LineUpdateBody = z.object({
  label: lineLabel.optional(),
  enabled: z.boolean().optional(),
  position: position.optional(),
  plans: linePlans.optional().meta({ description: 'Só para linhas de serviço.' }),
  min_count: minCount
    .optional()
    .meta({ description: 'Só para a linha da análise: ela aparece a partir de tantas questões com análise do professor.' }),
})
export type LineUpdateBody = z.output<typeof LineUpdateBody>
