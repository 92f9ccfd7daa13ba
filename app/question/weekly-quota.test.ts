import { describe, expect, it } from 'vitest'

import { weeklyQuota, weeklyQuotaText } from './weekly-quota'

describe('the weekly quota line on /questoes', () => {
  it('says what is left and the Monday it renews', () => {
    expect(weeklyQuotaText(weeklyQuota(5, 2, '2026-11-23')!)).toBe('Restam 3 de 5 questões nesta semana · renova segunda, 30/11')
  })

  it('says the first of a month as 1º, across a month and a year', () => {
    expect(weeklyQuotaText(weeklyQuota(5, 0, '2026-11-24')!)).toBe('Restam 5 de 5 questões nesta semana · renova segunda, 1º/12')
    expect(weeklyQuota(5, 0, '2026-12-28')!.renewsOn).toBe('2027-01-04')
  })

  it('speaks of one question in the singular and never of fewer than none', () => {
    expect(weeklyQuotaText(weeklyQuota(5, 4, '2026-11-23')!)).toMatch(/^Resta 1 de 5 questões/)
    expect(weeklyQuota(5, 7, '2026-11-23')!.remaining).toBe(0)
  })

  it('has nothing to say for an unlimited plan', () => {
    expect(weeklyQuota(-1, 40, '2026-11-23')).toBeNull()
  })
})
