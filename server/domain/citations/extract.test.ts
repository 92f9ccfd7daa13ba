import { describe, expect, it } from 'vitest'

import { extractCitations } from './extract'

// The citation reader (ADR 055) on sentences of real OAB exams: norms and articles normalised,
// the CPC of the exam's time, nothing read where a word only looks like a norm.

const keys = (text: string, year: number | null = 2011) =>
  extractCitations(text, year).map((c) => (c.article ? `${c.key}@${c.article}` : c.key))

describe('extractCitations', () => {
  it('reads a law by number and year, however the exam writes it', () => {
    expect(keys('conforme o artigo 58, inciso I da Lei n. 8.666/93, a fim de')).toEqual(['lei:8666@art. 58'])
    expect(keys('A Lei n. 12.010, de 2009 no tocante à adoção')).toEqual(['lei:12010'])
    expect(keys('Lei nº 8112/90 e da Lei 9784/98.')).toEqual(['lei:8112', 'lei:9784'])
    expect(keys('complementada pela Lei Complementar 87/1996')).toEqual(['lc:87'])
    const [law] = extractCitations('a Lei 11.107, de 6 de abril de 2005, dispõe', 2011)
    expect(law).toMatchObject({ label: 'Lei 11.107/2005', url: 'https://www.lexml.gov.br/urn/urn:lex:br:federal:lei:2005;11107' })
  })

  it('folds a code and the law that enacted it into one norm, with its article', () => {
    expect(keys('o crime previsto no art. 68 da Lei 8.078/90')).toEqual(['cdc@art. 68'])
    expect(keys('justa causa (art. 482, h da CLT).')).toEqual(['clt@art. 482'])
    expect(keys('a Constituição Federal, em seu artigo 222, veda')).toEqual(['cf@art. 222'])
    expect(keys('O inciso VII do §1º do art. 225 da Constituição da República prevê')).toEqual(['cf@art. 225'])
  })

  it('reads "CPC" as the code in force when the exam was applied', () => {
    expect(keys('tal como ocorre no Código de Processo Civil.', 2011)).toEqual(['cpc1973'])
    expect(keys('tal como ocorre no Código de Processo Civil.', 2019)).toEqual(['cpc2015'])
    expect(keys('nos termos do CPC/2015', 2011)).toEqual(['cpc2015'])
  })

  it('reads súmulas with their court, and leaves out one without', () => {
    expect(keys('a Súmula Vinculante n. 13, a Súmula 331 do TST e a súmula nº 7')).toEqual(['sv:13', 'sumula:tst:331'])
  })

  it('reads nothing where a word only looks like a norm', () => {
    expect(keys('por falta de pressupostos de constituição e de desenvolvimento válido')).toEqual([])
    expect(keys('lei ou ato normativo do Poder Público; Lei Complementar sobre a Lei Ordinária')).toEqual([])
    expect(keys('em face da Constituição Estadual')).toEqual([])
    // An article of a law the question quotes is not an article of the code it mentions.
    expect(keys('Art. 1º Os direitos da personalidade previstos no Código Civil aplicáveis aos nascituros')).toEqual(['cc'])
  })
})
