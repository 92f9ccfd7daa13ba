import { describe, expect, it } from 'vitest'

import { chargeText } from './charge'

// Issue 37 §5: the Pix page of a pro-rata upgrade said 'R$ 16,17/mês' for a charge paid once.

const base = { price_formatted: 'R$ 50,00', credit_formatted: null, credit_plan: null }

describe('what a payment charges, in words', () => {
  it('a plain payment is the price per month or per year', () => {
    expect(chargeText({ ...base, amount_formatted: 'R$ 50,00', billing_period: 'month' })).toEqual({
      amount: 'R$ 50,00',
      after: '/mês',
      short: 'R$ 50,00/mês',
    })
    expect(chargeText({ ...base, amount_formatted: 'R$ 500,00', price_formatted: 'R$ 500,00', billing_period: 'year' }).short).toBe(
      'R$ 500,00/ano',
    )
  })

  it('an upgrade credited within a paid period is a one-off charge, never per month', () => {
    const text = chargeText({
      amount_formatted: 'R$ 16,17',
      price_formatted: 'R$ 50,00',
      credit_formatted: 'R$ 33,83',
      credit_plan: 'Premium',
      billing_period: 'month',
    })
    expect(text.amount).toBe('R$ 16,17')
    expect(text.after).toBe(
      ', cobrança única (R$ 50,00 do primeiro mês menos R$ 33,83 de crédito do plano Premium não usado; depois, R$ 50,00/mês)',
    )
    expect(text.short).toBe('R$ 16,17 em cobrança única')
    expect(`${text.amount}${text.after}`).not.toMatch(/R\$ 16,17\/mês/)
  })

  it('a yearly upgrade says the first year', () => {
    const text = chargeText({
      amount_formatted: 'R$ 466,17',
      price_formatted: 'R$ 500,00',
      credit_formatted: 'R$ 33,83',
      credit_plan: null,
      billing_period: 'year',
    })
    expect(text.after).toBe(
      ', cobrança única (R$ 500,00 do primeiro ano menos R$ 33,83 de crédito do plano anterior não usado; depois, R$ 500,00/ano)',
    )
  })
})
