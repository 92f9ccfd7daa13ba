import { beforeAll, describe, expect, it } from 'vitest'

import { scoreLabelled, summary } from '../../../bench/topics'
import { OAB_DIR } from '../../../tests/support/oab'
import { parseDisciplinesText } from '../import/parse-disciplines'
import { formatArticleRange, parseArticleRange, rangeHolds, rangesOverlap } from './articles'
import { TOPIC_MODEL } from './model'
import { shippedTrees } from './tree'
import { formatTreeText, parseTreeText } from './tree-text'

// Issue 65: the OAB's topic trees, the article ranges, the tree text the admin edits, the discipline
// JSON's topic objects, and the topic model against questions labelled by hand (bench/topics).

const range = (text: string) => {
  const parsed = parseArticleRange(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.range
}

describe('the shipped trees', () => {
  it('give each of the 20 first-phase disciplines 6 to 15 topics, and read as a discipline JSON file', () => {
    const trees = shippedTrees()
    expect(trees).toHaveLength(20)
    for (const d of trees) {
      expect(d.topics.length, d.name).toBeGreaterThanOrEqual(6)
      expect(d.topics.length, d.name).toBeLessThanOrEqual(15)
    }
    const civil = trees.find((d) => d.name === 'Direito Civil')!
    expect(civil.topics.find((t) => t.name === 'Sucessões')!.articles).toEqual(['cc@arts. 1784-2027'])
  })
})

describe('article ranges', () => {
  it('read a range, one article, a letter and a whole norm, and write them back one way', () => {
    expect(formatArticleRange(range('CC@ arts. 1.784 a 2.027'))).toBe('cc@arts. 1784-2027')
    expect(formatArticleRange(range('cf@art. 5º'.replace('º', '')))).toBe('cf@art. 5')
    expect(formatArticleRange(range('cpc1973@arts. 475-a-475-r'))).toBe('cpc1973@arts. 475-A-475-R')
    expect(formatArticleRange(range('lei:8666'))).toBe('lei:8666')
  })

  it('hold the citations inside them: art. 1.829 of the Código Civil is Sucessões', () => {
    expect(rangeHolds(range('cc@arts. 1784-2027'), { key: 'cc', article: 'art. 1829' })).toBe(true)
    expect(rangeHolds(range('cc@arts. 1784-2027'), { key: 'cc', article: 'art. 186' })).toBe(false)
    expect(rangeHolds(range('cc@arts. 1784-2027'), { key: 'cp', article: 'art. 1829' })).toBe(false)
    expect(rangeHolds(range('cpc1973@arts. 475-A-475-R'), { key: 'cpc1973', article: 'art. 475-J' })).toBe(true)
    expect(rangeHolds(range('cpc1973@arts. 458-475'), { key: 'cpc1973', article: 'art. 475-J' })).toBe(false)
    expect(rangeHolds(range('lei:8666'), { key: 'lei:8666', article: null })).toBe(true)
  })

  it('overlap when they share an article of one norm', () => {
    expect(rangesOverlap(range('cc@arts. 1-10'), range('cc@arts. 10-20'))).toBe(true)
    expect(rangesOverlap(range('cc@arts. 1-10'), range('cc@arts. 11-20'))).toBe(false)
    expect(rangesOverlap(range('cc@arts. 1-10'), range('cp@arts. 1-10'))).toBe(false)
    expect(rangesOverlap(range('lei:8666'), range('lei:8666@art. 3'))).toBe(true)
  })

  it('say in Portuguese what is wrong with one that does not read', () => {
    expect(parseArticleRange('cc 1784')).toEqual({ ok: false, message: expect.stringContaining('não é um intervalo de artigos') })
    expect(parseArticleRange('xyz@art. 1')).toEqual({ ok: false, message: expect.stringContaining('norma desconhecida "xyz"') })
    expect(parseArticleRange('cc@arts. 20-10')).toEqual({ ok: false, message: expect.stringContaining('vem depois do último') })
  })
})

describe('the tree text of /admin/disciplinas', () => {
  it('reads back what it writes', () => {
    const text = formatTreeText([
      { name: 'Sucessões', articles: ['cc@arts. 1784-2027'] },
      { name: 'Família', articles: [] },
    ])
    expect(text).toBe('Sucessões | cc@arts. 1784-2027\nFamília')
    expect(parseTreeText(`# comentário\n\n${text}\n`)).toEqual({
      ok: true,
      topics: [
        { line: 3, name: 'Sucessões', articles: ['cc@arts. 1784-2027'] },
        { line: 4, name: 'Família', articles: [] },
      ],
    })
  })

  it('names the line of each mistake: a duplicate, a range that does not read or overlaps, no name, a NUL', () => {
    const parsed = parseTreeText('Sucessões | cc@arts. 1784-2027\nsucessoes\nFamília | cc@arts. 2000-2010\nPosse | cc 1196\n | cc@art. 1')
    expect(parsed.ok).toBe(false)
    const messages = parsed.ok ? [] : parsed.errors.map((e) => e.message)
    expect(messages).toEqual([
      'linha 2: assunto repetido "sucessoes" (já na linha 1)',
      'linha 3: "cc@arts. 2000-2010" sobrepõe artigos do assunto "Sucessões" (linha 1)',
      expect.stringMatching(/^linha 4: "cc 1196" não é um intervalo de artigos/),
      'linha 5: falta o nome do assunto antes de "|"',
    ])
    expect(parseTreeText('Família\nPosse\u0000')).toEqual({ ok: false, errors: [{ line: 2, message: 'caractere nulo (NUL) no texto' }] })
  })
})

describe('the discipline JSON with topic objects (issue 65 §1)', () => {
  it('takes strings and objects with artigos and palavras, backwards compatible', () => {
    const parsed = parseDisciplinesText(
      JSON.stringify({
        disciplinas: [
          { nome: 'Direito Civil', assuntos: ['Família', { nome: 'Sucessões', artigos: ['cc@arts. 1.784-2.027'], palavras: ['herança'] }] },
        ],
      }),
    )
    expect(parsed).toEqual({
      ok: true,
      disciplines: [
        {
          name: 'Direito Civil',
          topics: [
            { name: 'Família', path: 'disciplinas[0].assuntos[0]' },
            { name: 'Sucessões', articles: ['cc@arts. 1784-2027'], keywords: ['herança'], path: 'disciplinas[0].assuntos[1]' },
          ],
        },
      ],
    })
  })

  it('refuses a duplicate topic, an overlapping or unreadable range and an unknown field, naming each entry', () => {
    const parsed = parseDisciplinesText(
      JSON.stringify({
        disciplinas: [
          {
            nome: 'Direito Civil',
            assuntos: [
              { nome: 'Sucessões', artigos: ['cc@arts. 1784-2027'] },
              { nome: 'Família', artigos: ['cc@arts. 1511-1800'] },
              'sucessoes',
              { nome: 'Posse', artigos: ['cc 1196'] },
              { nome: 'Bens', cor: 'azul' },
            ],
          },
        ],
      }),
    )
    expect(parsed.ok).toBe(false)
    const messages = parsed.ok ? [] : parsed.errors.flatMap((e) => e.errors.map((x) => x.message))
    expect(messages).toEqual([
      expect.stringMatching(/^disciplinas\[0\]\.assuntos\[3\]\.artigos\[0\]: "cc 1196" não é um intervalo de artigos/),
      'disciplinas[0].assuntos[4]: campo desconhecido "cor" (use "nome", "artigos" e "palavras")',
    ])
    const second = parseDisciplinesText(
      JSON.stringify([
        {
          nome: 'Direito Civil',
          assuntos: [
            { nome: 'Sucessões', artigos: ['cc@arts. 1784-2027'] },
            { nome: 'Família', artigos: ['cc@arts. 1511-1800'] },
            { nome: 'sucessoes', artigos: ['cc@arts. 1-10'] },
            // Named again without a definition of its own: merged, as the format has always done.
            'Família',
          ],
        },
      ]),
    )
    const secondMessages = second.ok ? [] : second.errors.flatMap((e) => e.errors.map((x) => x.message))
    expect(secondMessages).toEqual([
      '[0].assuntos[2].nome: assunto repetido "sucessoes" (já em [0].assuntos[0])',
      '[0].assuntos[1].artigos: "cc@arts. 1511-1800" sobrepõe "cc@arts. 1784-2027" do assunto "Sucessões" ([0].assuntos[0])',
    ])
  })
})

describe('the topic model on 240 questions of three real exams labelled by hand (bench/topics)', () => {
  let scored: ReturnType<typeof scoreLabelled> = []
  beforeAll(() => {
    scored = scoreLabelled({ dir: OAB_DIR })
  })

  it('is right on at least 85% of its confident predictions, which cover at least 70% of the questions', () => {
    const s = summary(scored)
    expect(s.questions).toBeGreaterThanOrEqual(200)
    expect(s.confidentAccuracy).toBeGreaterThanOrEqual(0.85)
    expect(s.coverage).toBeGreaterThanOrEqual(0.7)
  })

  it('gives topics in every discipline with five or more labelled questions', () => {
    const byDiscipline = new Map<string, typeof scored>()
    for (const s of scored) byDiscipline.set(s.discipline, [...(byDiscipline.get(s.discipline) ?? []), s])
    for (const [discipline, list] of byDiscipline) {
      if (list.length < 5) continue
      expect(list.filter((s) => s.confident).length, discipline).toBeGreaterThan(0)
    }
    expect(TOPIC_MODEL.threshold).toBeGreaterThan(0.5)
  })
})
