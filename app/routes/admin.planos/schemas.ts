import * as z from 'zod'

import { CATALOG_PLAN_NAMES, LINE_LABEL_MAX, TAGLINE_MAX } from '#server/features/plans/catalog-messages'
import { limit, minCount } from '#server/features/plans/catalog-schemas'

// The forms of /admin/planos, told apart by `intent`; the API checks the same rules again
// (server/features/plans/catalog-schemas.ts) and the ones that need the whole catalogue.

const PRICE = /^(R\$\s*)?(\d{1,5})([.,](\d{1,2}))?$/
const PRICE_ERROR = 'Preço: escreva em reais, como 35,00.'

/** '35', '35,9', 'R$ 35,00' → centavos. */
const reais = z
  .string({ error: PRICE_ERROR })
  .trim()
  .regex(PRICE, { error: PRICE_ERROR })
  .transform((value) => {
    const [, , whole, , cents = '0'] = PRICE.exec(value) ?? []
    return Number(whole) * 100 + Number(cents.padEnd(2, '0'))
  })

const plan = z.enum(CATALOG_PLAN_NAMES, { error: 'Plano inválido.' })
const label = z
  .string({ error: 'Escreva o texto da linha.' })
  .trim()
  .max(LINE_LABEL_MAX, { error: `O texto da linha pode ter no máximo ${LINE_LABEL_MAX} caracteres.` })
const lineId = z.number({ error: 'Linha inválida.' }).int().min(1)

export const PlanFormSchema = z.object({
  intent: z.literal('plano'),
  plano: plan,
  frase: z
    .string()
    .trim()
    .max(TAGLINE_MAX, { error: `A frase do plano pode ter no máximo ${TAGLINE_MAX} caracteres.` })
    .optional(),
  preco: reais,
  /** Empty: the plan is not sold by the year. */
  precoAnual: reais.optional(),
  questoes: limit('Questões por semana'),
  cadernos: limit('Cadernos'),
  provas: limit('Provas anteriores por mês'),
  simulados: z.boolean().optional(),
  planoEstudos: z.boolean().optional(),
  temCadernos: z.boolean().optional(),
  analise: z.boolean().optional(),
  discussoes: z.boolean().optional(),
  chat: z.boolean().optional(),
  anuncios: z.boolean().optional(),
  popular: z.boolean().optional(),
})

export const LineFormSchema = z.object({
  intent: z.literal('linha'),
  id: lineId,
  texto: label.min(1, { error: 'Escreva o texto da linha.' }),
  posicao: z.number({ error: 'Posição: use um número de 0 a 1000.' }).int().min(0).max(1000),
  ligada: z.boolean().optional(),
  servico: z.boolean().optional(),
  planos: z.array(plan).optional(),
  /** Only on the analysis line. */
  minimo: minCount.optional(),
})

export const NewLineFormSchema = z.object({
  intent: z.literal('nova-linha'),
  texto: label.min(1, { error: 'Escreva o texto da linha.' }),
  planos: z.array(plan, { error: 'Escolha ao menos um plano.' }).min(1, { error: 'Escolha ao menos um plano.' }),
  ligada: z.boolean().optional(),
})

export const DeleteLineFormSchema = z.object({ intent: z.literal('excluir-linha'), id: lineId })

export const CatalogActionSchema = z.discriminatedUnion('intent', [PlanFormSchema, LineFormSchema, NewLineFormSchema, DeleteLineFormSchema])
