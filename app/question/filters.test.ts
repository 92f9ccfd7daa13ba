import { describe, expect, it } from 'vitest'

import { resultsHeading } from './filters'

// The count above the list (spec: 'Encontradas N questões com os filtros selecionados'), in
// correct Portuguese (issue 27).
describe('the result count of /questoes', () => {
  it('speaks of the filters only when some are set', () => {
    expect(resultsHeading(1234, true, true)).toBe('Encontradas 1.234 questões com os filtros selecionados')
    expect(resultsHeading(1234, true, false)).toBe('Encontradas 1.234 questões')
  })

  it('says one question in the singular', () => {
    expect(resultsHeading(1, true, true)).toBe('Encontrada 1 questão com os filtros selecionados')
    expect(resultsHeading(0, true, true)).toBe('Encontradas 0 questões com os filtros selecionados')
  })

  it('says "mais de" when the count stopped at its cap', () => {
    expect(resultsHeading(10000, false, true)).toBe('Encontradas mais de 10.000 questões com os filtros selecionados')
  })
})
