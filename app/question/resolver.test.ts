import { describe, expect, it } from 'vitest'

import { readFilters } from './filters'
import { nextRun, progressText, readRun, resolverHref, summaryText, withDone } from './resolver'

// Modo resolução (issue 27): the run's state lives in the URL of /questoes/resolver.
describe('the resolver URL', () => {
  it('keeps the list filters and adds the run state', () => {
    const filters = readFilters(new URLSearchParams('disciplina=3&situacao=errei'))
    expect(resolverHref(filters)).toBe('/questoes/resolver?disciplina=3&situacao=errei&pos=1')
    const href = resolverHref(filters, { pos: 4, desde: '2025-01-02T03:04:05.000Z', feitas: [9, 12], saiu: 1 })
    expect(href).toBe('/questoes/resolver?disciplina=3&situacao=errei&pos=4&desde=2025-01-02T03%3A04%3A05.000Z&feitas=9.12&saiu=1')
    expect(readRun(new URL(href, 'http://local').searchParams)).toEqual({
      pos: 4,
      desde: '2025-01-02T03:04:05.000Z',
      feitas: [9, 12],
      saiu: 1,
    })
  })

  it('starts at the first position without filters', () => {
    expect(resolverHref(readFilters(new URLSearchParams()))).toBe('/questoes/resolver?pos=1')
  })

  it('reads nonsense as the start of a run', () => {
    expect(readRun(new URLSearchParams('pos=0&desde=ontem&feitas=a.-1.0.5.5&saiu=-2'))).toEqual({
      pos: 1,
      desde: null,
      feitas: [5],
      saiu: 0,
    })
    expect(readRun(new URLSearchParams('pos=99999999')).pos).toBe(1)
  })
})

describe('the run', () => {
  it('moves a question answered again to the end, once', () => {
    expect(withDone([1, 2, 3], 2)).toEqual([1, 3, 2])
    expect(withDone([], 7)).toEqual([7])
  })

  it('stays on the position when the answered question left the search', () => {
    const run = { pos: 3, desde: null, feitas: [], saiu: 0 }
    expect(nextRun(run, false)).toMatchObject({ pos: 4, saiu: 0 })
    expect(nextRun(run, true)).toMatchObject({ pos: 3, saiu: 1 })
  })

  it('counts the questions that left in the progress', () => {
    expect(progressText({ pos: 7, desde: null, feitas: [], saiu: 0 }, 20, true)).toBe('7 de 20')
    expect(progressText({ pos: 1, desde: null, feitas: [], saiu: 2 }, 3, true)).toBe('3 de 5')
    expect(progressText({ pos: 1, desde: null, feitas: [], saiu: 0 }, 10000, false)).toBe('1 de mais de 10.000')
  })

  it('sums up the run in words', () => {
    expect(summaryText(2, 1)).toBe('Você acertou 2 e errou 1 das 3 questões que respondeu.')
    expect(summaryText(1, 0)).toBe('Você acertou 1 e errou 0 da 1 questão que respondeu.')
    expect(summaryText(0, 0)).toBe('Você não respondeu nenhuma questão nesta sessão.')
  })
})
