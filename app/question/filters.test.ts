import { describe, expect, it } from 'vitest'

import { activeFilterCount, filtersToSearch, readFilters, resultsHeading } from './filters'

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

// Issue 27: what the student already did, the exam, the analysis and the annulled questions.
describe('the filters of /questoes in the URL', () => {
  it('reads the status, exams and flags, counts each as a filter and writes them back', () => {
    const f = readFilters(new URLSearchParams('situacao=errei&prova=7&prova=9&analise=com&anuladas=excluir'))
    expect(f).toMatchObject({ situacao: 'errei', prova: [7, 9], comAnalise: true, semAnuladas: true })
    expect(activeFilterCount(f)).toBe(5)
    expect(filtersToSearch(f, 2)).toBe('?prova=7&prova=9&situacao=errei&analise=com&anuladas=excluir&pagina=2')
  })

  it('ignores values it does not know', () => {
    const f = readFilters(new URLSearchParams('situacao=talvez&prova=abc&analise=sim&anuladas=1'))
    expect(f).toMatchObject({ situacao: null, prova: [], comAnalise: false, semAnuladas: false })
    expect(activeFilterCount(f)).toBe(0)
    expect(filtersToSearch(f)).toBe('')
  })
})
