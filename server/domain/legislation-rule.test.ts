import { describe, expect, it } from 'vitest'

import type { LegislativeRule } from './legislation-rule'
import { changeApplies, outdatedBadge, outdatedBy, outdatedTitle } from './legislation-rule'

// The words of "Pode estar desatualizada" (ADR 053): the exam's day before the date in force, or
// with only its year, a year before (probably) or the same year (possibly).

// Which changes badge a question is the SQL's (changesBadgingSql: scope, dates, staff's decision); here, given.
const BOTH = [1, 2]
const LABOUR = [2]
const rules: LegislativeRule[] = [
  { id: 1, label: 'CPC/2015', name: 'Lei 13.105/2015 (Código de Processo Civil)', in_force: '2016-03-18', discipline_ids: [1] },
  { id: 2, label: 'Reforma trabalhista', name: 'Lei 13.467/2017', in_force: '2017-11-11', discipline_ids: [2, 1] },
]

describe('changeApplies', () => {
  it('with the day: before the date in force applies, the day itself and after do not', () => {
    expect(changeApplies(rules[0]!, { applied_on: '2016-03-17', year: 2016 })).toBe('before')
    expect(changeApplies(rules[0]!, { applied_on: '2016-03-18', year: 2016 })).toBeNull()
    expect(changeApplies(rules[0]!, { applied_on: '2016-07-31', year: 2016 })).toBeNull()
  })

  it('with only the year: an earlier year is "before", the same year "same_year", a later one nothing', () => {
    expect(changeApplies(rules[0]!, { applied_on: null, year: 2010 })).toBe('before')
    expect(changeApplies(rules[0]!, { applied_on: null, year: 2016 })).toBe('same_year')
    expect(changeApplies(rules[0]!, { applied_on: null, year: 2017 })).toBeNull()
  })
})

describe('outdatedBy and the badge', () => {
  it('lists the changes whose scope the question is in, oldest first, and joins their labels', () => {
    const found = outdatedBy(rules, BOTH, { applied_on: null, year: 2010 })
    expect(found.map((c) => c.label)).toEqual(['CPC/2015', 'Reforma trabalhista'])
    expect(outdatedBadge(found)).toBe('Pode estar desatualizada: CPC/2015, Reforma trabalhista')
    expect(outdatedTitle(found)).toBe(
      'Lei 13.105/2015 (Código de Processo Civil), em vigor desde 18/03/2016; Lei 13.467/2017, em vigor desde 11/11/2017',
    )
  })

  it('says when only the year is known and it is the change’s', () => {
    const found = outdatedBy(rules, LABOUR, { applied_on: null, year: 2017 })
    expect(found).toEqual([{ label: 'Reforma trabalhista', name: 'Lei 13.467/2017', in_force: '2017-11-11', same_year: true }])
    expect(outdatedTitle(found)).toContain('prova do mesmo ano')
  })

  it('a question no change badges has no badge; one staff confirmed after the date reads as any other', () => {
    expect(outdatedBy(rules, [], { applied_on: null, year: 2010 })).toEqual([])
    expect(outdatedBy(rules, [999], { applied_on: '2010-08-22', year: 2010 })).toEqual([])
    expect(outdatedBadge([])).toBeNull()
    expect(outdatedBy(rules, LABOUR, { applied_on: '2018-01-01', year: 2018 })).toEqual([
      { label: 'Reforma trabalhista', name: 'Lei 13.467/2017', in_force: '2017-11-11', same_year: false },
    ])
  })
})
