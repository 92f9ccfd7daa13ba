import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseDisciplinesFile, parseDisciplinesText } from '#server/domain/import/parse-disciplines'
import { parseExamFile, parseExamText } from '#server/domain/import/parse-exam'
import { decodeUtf8, videoId } from '#server/domain/import/text-file'

import { oabFile } from '../support/oab'

function ok(text: string) {
  const result = parseExamText(text, new Date())
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return result.exam
}
function errors(text: string) {
  const result = parseExamText(text, new Date())
  if (result.ok) throw new Error('esperava erro')
  return result.errors
}
const header = 'PROVA: P\nANO: 2022\nBANCA: FGV\n'
const question = (body: string, n = 1) => `QUESTAO: ${n}\nDISCIPLINA: Direito Penal\nENUNCIADO:\n${body}`

describe('tricky valid files', () => {
  it('reads keys with accents and any case, aliases, multi-line text and paragraph breaks', () => {
    const exam = parseExamFile(fs.readFileSync('tests/fixtures/valid/armadilhas.txt'), new Date())
    expect(exam.ok).toBe(true)
    if (!exam.ok) return
    expect(exam.exam).toMatchObject({ name: 'Simulado das Armadilhas', year: 2021, board: 'Gabarita', organization: 'OAB' })
    const [q7, q8, q9] = exam.exam.questions
    expect(q7.number).toBe(7)
    expect(q7.topics).toEqual(['Contratos', 'Responsabilidade Civil'])
    expect(q7.difficulty).toBe('DIFICIL')
    expect(q7.statement).toBe(
      'João celebrou contrato com Maria em 2010.\nAnos depois, ao revisar o contrato, percebeu um erro.\nNota: a expressão "Prova:" no meio do texto não é chave.\n\nSegundo parágrafo do enunciado, depois de uma linha em branco.',
    )
    expect(q7.alternatives.map((a) => a.letter)).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(q7.alternatives[0].text).toBe('Primeira alternativa,\nque continua na linha seguinte\ne em mais uma.')
    expect(q7.alternatives[1].text).toBe('Segunda alternativa.\n\nCom um parágrafo extra.')
    expect(q7.correctAnswer).toBe('E')
    expect(q7.explanation).toBe('Comentário do professor em <n>negrito</n>.\n\nSegundo parágrafo do comentário.')
    expect(q7.videoUrl).toBe('https://www.youtube.com/shorts/dQw4w9WgXcQ')
    expect(q8).toMatchObject({
      statement: 'Enunciado na mesma linha da chave.',
      correctAnswer: null,
      discipline: 'direito   civil',
      // No DIFICULDADE: none is made up (issue 27).
      difficulty: null,
    })
    expect(q8.alternatives).toEqual([
      { letter: 'A', text: 'Um.' },
      { letter: 'B', text: 'Dois.' },
    ])
    expect(q9.statement).toBe('I - primeiro item do enunciado;\nII - segundo item do enunciado.')
    expect(q9.alternatives.map((a) => a.text)).toEqual(['Apenas I.', 'Apenas II.', 'I e II.'])
    expect(q9.explanation).toBe('I - este item do comentário não é alternativa.')
  })

  it('accepts CRLF line endings with a BOM', () => {
    const result = parseExamFile(fs.readFileSync('tests/fixtures/valid/crlf-bom.txt'), new Date())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.exam.name).toBe('Prova CRLF com BOM')
    expect(result.exam.questions[0].statement).toBe('Linha um.\n\nLinha três.')
    expect(result.exam.questions[0].alternatives[1].text).toBe('Não.')
  })

  it('keeps unknown tags and hostile markup as literal text', () => {
    const exam = ok(`${header}${question('<script>alert(1)</script> <img src=x onerror=alert(1)>\nA) <b>x</b>\nB) y\nGABARITO: A')}`)
    expect(exam.questions[0].statement).toBe('<script>alert(1)</script> <img src=x onerror=alert(1)>')
    expect(exam.questions[0].alternatives[0].text).toBe('<b>x</b>')
  })

  it('ignores comment lines and blank lines between blocks; ORGAO is optional', () => {
    const exam = ok(`# comentário\n\n${header}\n\n# outro\n${question('Texto\nA) a\nB) b\nGABARITO: B\n\n\n')}`)
    expect(exam.organization).toBeNull()
    expect(exam.questions).toHaveLength(1)
  })

  it('accepts the current and next year but not before 1990', () => {
    const next = new Date().getFullYear() + 1
    expect(ok(`PROVA: P\nANO: ${next}\nBANCA: B\n${question('T\nA) a\nB) b\nGABARITO: A')}`).year).toBe(next)
    expect(ok(`PROVA: P\nANO: 1990\nBANCA: B\n${question('T\nA) a\nB) b\nGABARITO: A')}`).year).toBe(1990)
  })

  it('reports every error of every question, grouped per item, each with its line', () => {
    const errs = errors(
      `PROVA: P\nANO: 3000\nBANCA: B\n${question('T\nA) a\nGABARITO: Z')}\n${question('T\nA) a\nB) b\nGABARITO: A', 2)}\n${question('T\nA) a\nC) c\nGABARITO: A', 3)}`,
    )
    expect(errs.map((e) => e.item)).toEqual(['cabeçalho', 'QUESTAO 1', 'QUESTAO 3'])
    expect(errs[1].errors.map((e) => e.message)).toEqual([
      'linha 8: apenas 1 alternativa; são necessárias de 2 a 5',
      'linha 9: GABARITO "Z" não corresponde a nenhuma alternativa',
    ])
  })
})

describe('decodeUtf8 and videoId', () => {
  it('drops a BOM and refuses invalid UTF-8, naming the line', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ ok: true, text: 'A' })
    const bad = decodeUtf8(Buffer.from('linha 1\nlinha 2\nação', 'latin1'))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toMatch(/^linha 3: o arquivo não está em UTF-8 válido/)
  })

  it('extracts ids from watch pages and short links only', () => {
    expect(videoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ')
    expect(videoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(videoId('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(videoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(videoId('https://www.youtube.com/watch?v=curto')).toBeNull()
    expect(videoId('javascript:alert(1)')).toBeNull()
    expect(videoId('https://evil.example/youtu.be/dQw4w9WgXcQ')).toBeNull()
  })
})

describe('discipline JSON', () => {
  it('accepts the object or a bare array, merging repeated names and topics', () => {
    const result = parseDisciplinesText(
      JSON.stringify([
        { nome: ' Direito  Penal ', assuntos: ['Penas'] },
        { nome: 'direito penal', assuntos: ['penas', 'Teoria do Crime'] },
        { nome: 'Ética' },
      ]),
    )
    expect(result).toEqual({
      ok: true,
      disciplines: [
        {
          name: 'Direito Penal',
          topics: [
            { name: 'Penas', path: '[0].assuntos[0]' },
            { name: 'Teoria do Crime', path: '[1].assuntos[1]' },
          ],
        },
        { name: 'Ética', topics: [] },
      ],
    })
  })

  it('accepts a BOM and the real OAB discipline file', () => {
    expect(parseDisciplinesFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"disciplinas":[{"nome":"A"}]}')])).ok).toBe(
      true,
    )
    const result = parseDisciplinesFile(fs.readFileSync(oabFile('disciplinas-oab.json')))
    expect(result.ok && result.disciplines.length).toBe(16)
  })

  it('reports every bad item with its JSON path', () => {
    const result = parseDisciplinesText(JSON.stringify({ disciplinas: [{ nome: 1 }, { nome: 'Ok', assuntos: [1, ' '] }] }))
    expect(result).toEqual({
      ok: false,
      errors: [
        { item: 'disciplinas[0]', errors: [{ message: 'disciplinas[0].nome: deve ser um texto' }] },
        {
          item: 'disciplinas[1]',
          errors: [
            { message: 'disciplinas[1].assuntos[0]: deve ser um texto ou um objeto com "nome"' },
            { message: 'disciplinas[1].assuntos[1]: obrigatório' },
          ],
        },
      ],
    })
  })
})

describe('DATA, the day the exam was applied (optional, ADR 053)', () => {
  const body = question('Enunciado.\nA) a\nB) b\nGABARITO: A')
  it('reads DATA or APLICACAO as YYYY-MM-DD or DD/MM/YYYY; without it the day is unknown', () => {
    expect(ok(`${header}DATA: 2022-08-21\n${body}`).appliedOn).toBe('2022-08-21')
    expect(ok(`${header}Aplicação: 21/8/2022\n${body}`).appliedOn).toBe('2022-08-21')
    expect(ok(`${header}${body}`).appliedOn).toBeNull()
  })

  it('refuses a day that does not exist, with the line, in Portuguese', () => {
    const [item] = errors(`${header}DATA: 30/02/2022\n${body}`)
    expect(item!.errors[0]!.message).toBe(
      'linha 4: DATA deve ser o dia em que a prova foi aplicada, como 2010-08-22 ou 22/08/2010 (recebido "30/02/2022")',
    )
  })
})
