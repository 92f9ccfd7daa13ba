// The plan catalogue's limits and messages, zod-free: /admin/planos renders them without zod in
// its first load (ADR 029), and the contract, the router and the rules share them.

export const CATALOG_PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
export type CatalogPlanId = (typeof CATALOG_PLAN_NAMES)[number]

export const TAGLINE_MAX = 120
export const LINE_LABEL_MAX = 120
/** R$ 10.000,00: far above any plan, low enough to catch a slip of the keyboard. */
export const PRICE_MAX_CENTS = 1_000_000
export const PAID_PRICE_MIN_CENTS = 100
export const LIMIT_MAX = 100_000

export const PLAN_NOT_IN_CATALOG = 'Plano não encontrado no catálogo.'
export const LINE_NOT_FOUND = 'Linha do catálogo não encontrada.'
export const FREE_HAS_NO_PRICE = 'O plano Gratuito não tem preço: deixe R$ 0,00.'
export const PAID_PRICE_MIN = 'Um plano pago custa pelo menos R$ 1,00.'
export const FREE_HAS_NO_YEAR = 'O plano Gratuito não tem preço anual: deixe em branco.'
export const YEAR_PRICE_MIN = 'O preço anual é de pelo menos R$ 1,00; deixe em branco para não vender o plano por ano.'
export const PLANS_ONLY_FOR_SERVICES =
  'Uma linha de recurso aparece nos planos cujos limites o incluem: mude os limites do plano em vez de escolher planos aqui.'
export const ONLY_SERVICES_DELETED = 'Uma linha de recurso não pode ser excluída: desligue-a para tirá-la dos cartões.'
export const MIN_COUNT_MAX = 1_000_000
export const MIN_COUNT_ONLY_FOR_ANALYSIS =
  'Só a linha da análise do professor tem um mínimo de questões: ela diz quantas questões têm análise.'
