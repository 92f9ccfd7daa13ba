// How a payment's amount is said on the Pix and return pages (issue 37 §5): a plan's price per
// month or year, or an upgrade's charge within a paid period (ADR 042), which is paid once: the
// new plan's first period less the unused part of the old one. The renewals after it charge the
// full price, so that amount is never 'por mês'.

export type PaymentAmount = {
  amount_formatted: string
  price_formatted: string
  credit_formatted: string | null
  credit_plan: string | null
  billing_period: 'month' | 'year'
}

const PER = { month: '/mês', year: '/ano' } as const
const FIRST = { month: 'do primeiro mês', year: 'do primeiro ano' } as const

/**
 * `amount` in bold, then `after`: '/mês' or '/ano', or for a credited upgrade ', cobrança única
 * (R$ 50,00 do primeiro mês menos R$ 33,83 de crédito do plano Premium não usado; depois,
 * R$ 50,00/mês)'. `short` is the whole in a few words, for a parenthesis.
 */
export function chargeText(payment: PaymentAmount) {
  const amount = payment.amount_formatted
  const per = PER[payment.billing_period]
  if (!payment.credit_formatted) return { amount, after: per, short: `${amount}${per}` }
  const plan = payment.credit_plan ? `do plano ${payment.credit_plan}` : 'do plano anterior'
  return {
    amount,
    after: `, cobrança única (${payment.price_formatted} ${FIRST[payment.billing_period]} menos ${payment.credit_formatted} de crédito ${plan} não usado; depois, ${payment.price_formatted}${per})`,
    short: `${amount} em cobrança única`,
  }
}
