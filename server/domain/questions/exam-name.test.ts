import { describe, expect, it } from 'vitest'

import { questionName, shortExamName } from './exam-name'

describe('a question named as the student knows it', () => {
  it('an Exame de Ordem by its edition', () => {
    expect(shortExamName('XIV Exame de Ordem Unificado', 'FGV', 2014)).toBe('OAB XIV')
    expect(shortExamName('VI Exame de Ordem Unificado – Reaplicação', 'FGV', 2012)).toBe('OAB VI (reaplicação)')
    expect(shortExamName('Exame de Ordem Unificado 2010.2', 'FGV', 2010)).toBe('OAB 2010.2')
    expect(questionName(shortExamName('XIV Exame de Ordem Unificado', 'FGV', 2014), 23)).toBe('OAB XIV · questão 23')
  })

  it('another exam by its name when short, else its board and year', () => {
    expect(shortExamName('TRF 3 — Analista', 'FCC', 2019)).toBe('TRF 3 — Analista')
    expect(shortExamName('Simulado Gabarita OAB 1ª Fase - Edição 2024', 'Gabarita', 2024)).toBe('Gabarita 2024')
    expect(shortExamName(null, 'CESPE', 2020)).toBe('CESPE 2020')
  })
})
