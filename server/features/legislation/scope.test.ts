import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { legislativeChanges } from '#server/db/schema'
import { readCitations } from '#server/domain/citations/store'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { readScopeList } from './scope'

// A change's scope typed a line an entry (issue 63 §2, ADR 091): norms by key or name, articles as
// 'clt@art. 58' or as a question writes them, subjects as phrases. A line that does not read is
// refused naming its number and text, and nothing of the change is saved.

describe('reading the lines', () => {
  it('reads articles typed as keys or as a question writes them, into the rule’s keys', () => {
    expect(
      readScopeList('articles', [
        'clt@art. 58',
        'CLT art. 59',
        '',
        'art. 7º-B do Estatuto',
        'arts. 282 e 283 do CPP',
        'Lei 8.429/92, art. 11',
        'lei:8906@art. 22',
      ]),
    ).toEqual({
      values: ['clt@art. 58', 'clt@art. 59', 'eoab@art. 7-B', 'cpp@art. 282', 'cpp@art. 283', 'lei:8429@art. 11', 'eoab@art. 22'],
    })
  })

  it('reads norms by key or name, and subjects as phrases', () => {
    expect(readScopeList('norms', ['lei:8666', 'Lei 10.520/2002', 'lei:8906', 'CLT', 'ec:45'])).toEqual({
      values: ['lei:8666', 'lei:10520', 'eoab', 'clt', 'ec:45'],
    })
    expect(readScopeList('terms', ['prisão  preventiva', '12 x 36', 'mala direta'])).toEqual({
      values: ['prisão preventiva', '12 x 36', 'mala direta'],
    })
  })

  it('names the first line that does not read, its number counting blank lines, and why', () => {
    const problem = (list: 'norms' | 'articles' | 'terms', lines: string[]) => {
      const read = readScopeList(list, lines)
      return 'error' in read ? read.error : null
    }
    expect(problem('articles', ['clt@art. 58', '', 'art. xx do CLT'])).toEqual({
      line: 3,
      text: 'art. xx do CLT',
      problem: "'art. xx do CLT' não é um artigo reconhecível: escreva clt@art. 58, “CLT art. 58” ou “art. 58 da CLT”.",
    })
    expect(problem('articles', ['xyz@art. 5'])?.problem).toMatch(/^'xyz@art. 5': 'xyz' não é uma norma conhecida/)
    expect(problem('articles', ['CLT'])?.problem).toMatch(/não é um artigo reconhecível/)
    expect(problem('articles', ['clt@art. 58', 'art. 58 da CLT'])?.problem).toBe("'art. 58 da CLT' repete a linha 1 (clt@art. 58).")
    expect(problem('norms', ['lei:abc'])?.problem).toMatch(/^'lei:abc' não é uma norma conhecida/)
    expect(problem('norms', ['art. 58 da CLT'])?.problem).toBe("'art. 58 da CLT' é um artigo: ponha-o na lista de artigos.")
    expect(problem('norms', ['uma lei qualquer'])?.problem).toMatch(/não é uma norma reconhecível/)
    expect(problem('norms', ['clt', 'Consolidação das Leis do Trabalho'])?.line).toBe(2)
    expect(problem('terms', ['prisão (preventiva'])?.problem).toMatch(/não serve de assunto/)
    expect(problem('terms', ['ab'])?.problem).toMatch(/não serve de assunto/)
    expect(problem('terms', ['Publicidade', 'publicidade'])?.problem).toMatch(/repete a linha 1/)
    expect(problem('terms', ['ok ok', 'nul\u0000byte'])).toMatchObject({ line: 2, problem: 'tem caracteres de controle.' })
    expect(problem('terms', [`${'a'.repeat(121)}`])?.problem).toBe('passa de 120 caracteres.')
    expect(
      problem(
        'terms',
        Array.from({ length: 301 }, (_, i) => `assunto ${i}`),
      )?.problem,
    ).toBe('passa do máximo de 300 linhas por lista.')
  })
})

describe('the scope through the API', () => {
  type User = Awaited<ReturnType<typeof createTestUser>>
  let t: Awaited<ReturnType<typeof createTestContext>>
  let admin: User
  let carla: User
  let reform: { id: number; label: string; name: string; in_force: string; note: string; disciplines: { id: number }[] }
  let justaCausa: number

  const api = (method: 'get' | 'put' | 'post', url: string, auth?: Record<string, string>) => {
    const r = contractRequest(t.app)[method](`/api/v1${url}`)
    return auth ? r.set(auth) : r
  }
  const bodyOf = (scope: unknown, label = reform.label) => ({
    label,
    name: reform.name,
    in_force: reform.in_force,
    note: reform.note,
    discipline_ids: reform.disciplines.map((d) => d.id),
    scope,
  })
  const stored = async () => (await t.db.select().from(legislativeChanges).where(eq(legislativeChanges.id, reform.id)))[0]!
  const badged = async () =>
    ((await api('get', `/questions/${justaCausa}`).expect(200)).body.data.outdated.possible as { label: string }[]).map((p) => p.label)

  beforeAll(async () => {
    t = await createTestContext()
    admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    carla = await createTestUser(t.ctx)
    const bank = await insertQuestions(t.db, [
      {
        discipline: 'Direito do Trabalho',
        exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' },
        statement: 'Trabalho 2010: a justa causa do art. 482 da CLT',
      },
    ])
    justaCausa = bank.questions[0]!.id
    await readCitations(t.db)
    const { data } = (await api('get', '/admin/legislative-changes', admin.auth).expect(200)).body
    reform = data.find((c: { label: string }) => c.label === 'Reforma trabalhista')
  })
  afterAll(() => t.close())

  it('lists each change with its scope', async () => {
    expect(reform).toMatchObject({ scope: { kind: 'scope' } })
    const { scope } = reform as unknown as { scope: { articles: string[]; terms: string[] } }
    expect(scope.articles).toContain('clt@art. 58')
    expect(scope.terms).toContain('trabalho intermitente')
  })

  it('refuses a list that does not read, naming its line, and saves nothing of the change', async () => {
    const before = await stored()
    const cases: [unknown, string][] = [
      [
        { kind: 'scope', articles: ['clt@art. 58', '', 'art. xx do CLT'] },
        "Artigos, linha 3: 'art. xx do CLT' não é um artigo reconhecível: escreva clt@art. 58, “CLT art. 58” ou “art. 58 da CLT”.",
      ],
      [{ kind: 'scope', norms: ['lei:xyz'] }, expect.stringMatching(/^Normas, linha 1: 'lei:xyz' não é uma norma conhecida/)],
      [{ kind: 'scope', terms: ['horas extras', 'sino\u0007aqui'] }, 'Assuntos, linha 2: tem caracteres de controle.'],
      // A NUL byte never reaches the feature: the API refuses it for every request.
      [{ kind: 'scope', terms: ['nul\u0000byte'] }, 'Caracteres inválidos na requisição.'],
      [{ kind: 'scope', terms: ['horas extras', 'Horas Extras'] }, expect.stringMatching(/^Assuntos, linha 2: .* repete a linha 1/)],
      [{ kind: 'scope', articles: Array.from({ length: 301 }, (_, i) => `clt@art. ${i + 1}`) }, 'Artigos: no máximo 300 linhas.'],
      [{ kind: 'scope' }, 'Escopo vazio: informe ao menos uma norma, um artigo ou um assunto, ou escolha “Disciplina inteira”.'],
      [{ kind: 'tudo' }, 'Tipo de escopo inválido: use discipline (a disciplina inteira) ou scope.'],
      [{ kind: 'scope', articles: 'clt@art. 58' }, 'Artigos: envie uma lista de linhas.'],
      [{ kind: 'scope', articles: [58] }, 'Artigos: cada linha é um texto.'],
    ]
    for (const [scope, message] of cases) {
      const res = await api('put', `/admin/legislative-changes/${reform.id}`, admin.auth).send(bodyOf(scope, 'Reforma renomeada'))
      expect(res.status, JSON.stringify(scope).slice(0, 80)).toBe(400)
      expect(res.body.error).toEqual(message)
    }
    expect(await stored()).toEqual(before)
    expect((await api('put', `/admin/legislative-changes/${reform.id}`, carla.auth).send(bodyOf({ kind: 'discipline' }))).status).toBe(403)
    expect(await stored()).toEqual(before)
  })

  it('saves the lines read into keys; the badge follows; a save without a scope keeps it', async () => {
    expect(await badged()).toEqual([])
    const articles = ['clt@art. 58', 'CLT art. 482', 'arts. 59 e 60 da CLT']
    const saved = await api('put', `/admin/legislative-changes/${reform.id}`, admin.auth).send(
      bodyOf({ kind: 'scope', norms: [], articles, terms: [' banco  de horas '] }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body.change.scope).toEqual({
      kind: 'scope',
      norms: [],
      articles: ['clt@art. 58', 'clt@art. 482', 'clt@art. 59', 'clt@art. 60'],
      terms: ['banco de horas'],
    })
    expect(await badged()).toEqual(['Reforma trabalhista'])
    await api('put', `/admin/legislative-changes/${reform.id}`, admin.auth).send(bodyOf(undefined, 'Reforma de 2017')).expect(200)
    expect(await stored()).toMatchObject({
      label: 'Reforma de 2017',
      scopeArticles: ['clt@art. 58', 'clt@art. 482', 'clt@art. 59', 'clt@art. 60'],
    })
    // The whole discipline: every Trabalho question of before the date.
    await api('put', `/admin/legislative-changes/${reform.id}`, admin.auth)
      .send(bodyOf({ kind: 'discipline' }))
      .expect(200)
    expect(await stored()).toMatchObject({ label: 'Reforma trabalhista', scopeKind: 'discipline', scopeArticles: [], scopeTerms: [] })
    expect(await badged()).toEqual(['Reforma trabalhista'])
  })

  it('a new change without a scope takes its disciplines whole', async () => {
    const created = await api('post', '/admin/legislative-changes', admin.auth).send({
      ...bodyOf(undefined, 'Nova'),
      in_force: '2030-01-01',
    })
    expect(created.status).toBe(201)
    expect(created.body.change.scope).toEqual({ kind: 'discipline', norms: [], articles: [], terms: [] })
  })
})
