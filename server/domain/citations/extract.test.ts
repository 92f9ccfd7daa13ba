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

  // Issue 63 §4: citations a lawyer would accept.
  it('reads a state, municipal or made-up law as such: no federal norm, and its articles go nowhere', () => {
    expect(keys('a Lei Estadual nº 1.234/2010 e a Lei Municipal 567 de 2015')).toEqual([])
    expect(keys('o art. 3º da Lei nº 123, do Município Alfa, e a Lei n. 1.234')).toEqual([])
    expect(keys('A Lei nº 4.321/2019 do Estado X dispõe')).toEqual([])
    // A number far from its year's federal laws is no federal law; one misdated by the exam still is.
    expect(keys('a Lei 1.500/2015 prevê')).toEqual([])
    expect(keys('a Lei n. 10.098/2003 criou mecanismos')).toEqual(['lei:10098'])
    expect(keys('Lei Complementar 123/2006')).toEqual(['lc:123'])
  })

  it('reads lists and ranges of articles, and an article after the norm that names it', () => {
    expect(keys('nos arts. 282 e 283 do CPC', 2011)).toEqual(['cpc1973@art. 282', 'cpc1973@art. 283'])
    expect(keys('arts. 5º a 7º da CF')).toEqual(['cf@art. 5', 'cf@art. 6', 'cf@art. 7'])
    expect(keys('regulada nos artigos 1052 a 1087 do Código Civil')).toEqual(['cc@art. 1052', 'cc@art. 1087'])
    expect(keys('o art. 1.829 do Código Civil')).toEqual(['cc@art. 1829'])
    expect(keys('a CLT dispõe no Art. 543, § 5º, que')).toEqual(['clt@art. 543'])
    expect(keys('(art. 5º, XI, CRFB)')).toEqual(['cf@art. 5'])
    expect(keys('o §1º do art. 231 do referido texto constitucional')).toEqual(['cf@art. 231'])
  })

  it('reads the Código do Consumidor, the Regulamento Geral as its own norm, amendments, named laws and treaties', () => {
    expect(keys('conforme o Código do Consumidor')).toEqual(['cdc'])
    expect(keys('consoante as normas do Regulamento Geral do Estatuto da Advocacia e da OAB')).toEqual(['rgeoab'])
    expect(keys('Nos termos do Estatuto, é correto')).toEqual(['eoab'])
    expect(keys('o estatuto da sociedade prevê')).toEqual([])
    expect(keys('instituído pela Emenda Constitucional 45')).toEqual(['ec:45'])
    expect(keys('Em relação à Lei Maria da Penha')).toEqual(['lei:11340'])
    expect(
      keys('a Carta das Nações Unidas, o Estatuto de Roma, o Pacto de San José da Costa Rica e a Convenção Americana de Direitos Humanos'),
    ).toEqual(['carta-onu', 'estatuto-roma', 'cadh'])
    const [rome] = extractCitations('o Estatuto de Roma', 2012)
    expect(rome.url).toBe('https://www.lexml.gov.br/urn/urn:lex:br:federal:decreto:2002;4388')
    expect(keys('A Constituição de 1946 apresentou retrocessos')).toEqual([])
  })
})
