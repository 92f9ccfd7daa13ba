import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, errorReports, questionUsage } from '#server/db/schema'
import { weekStart } from '#server/domain/time/calendar'
import { buildPolicy, claimQuestionUse, getRules, quotaMessage } from '#server/features/plans/policy'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

let t: Awaited<ReturnType<typeof createTestContext>>
let api: ReturnType<typeof contractRequest>
let bank: Awaited<ReturnType<typeof insertQuestions>>
const ids: Record<string, number> = {}
let examTjId = 0

const OAB35 = { name: 'XXXV Exame de Ordem', year: 2022, board: 'FGV', organization: 'OAB' }
const OAB38 = { name: 'XXXVIII Exame de Ordem', year: 2023, board: 'FGV', organization: null }
const TJ = { name: 'Concurso TJ', year: 2023, board: 'CESPE', organization: 'TJ-SP' }
const CONST = { name: 'Concurso Procuradoria', year: 2024, board: 'VUNESP', organization: 'PGE' }

beforeAll(async () => {
  t = await createTestContext()
  api = contractRequest(t.app)
  bank = await insertQuestions(t.db, [
    {
      discipline: 'Direito Civil',
      topics: ['Contratos'],
      exam: OAB35,
      difficulty: 'FACIL',
      statement: 'A função social do contrato limita a autonomia privada das partes.',
      correctAnswer: 'B',
      explanation: 'Art. 421 do Código Civil.',
    },
    {
      discipline: 'Direito Civil',
      topics: ['Obrigações'],
      exam: OAB38,
      difficulty: 'MEDIO',
      statement: 'Sobre as obrigações solidárias, julgue as questões a seguir.',
      correctAnswer: 'C',
    },
    {
      discipline: 'Direito Penal',
      topics: ['Crimes'],
      exam: TJ,
      difficulty: 'DIFICIL',
      statement: 'Quais são as funções da pena no direito penal brasileiro?',
      correctAnswer: 'D',
      explanation: 'Prevenção e retribuição.',
    },
    {
      discipline: 'Direito Penal',
      topics: ['Legítima defesa'],
      exam: TJ,
      difficulty: 'MEDIO',
      statement: 'Questão anulada sobre legítima defesa putativa.',
      correctAnswer: null,
      explanation: 'A banca anulou a questão.',
    },
    { discipline: 'Direito Penal', exam: TJ, statement: 'Texto removido sobre prescrição retroativa.', removed: true },
    {
      discipline: 'Direito Civil',
      exam: OAB38,
      statement: 'Assinale a alternativa correta sobre direito das coisas.',
      alternatives: [
        { letter: 'A', text: 'A posse decorre do contrato.' },
        { letter: 'B', text: 'Usucapião.' },
      ],
    },
    ...Array.from({ length: 24 }, (_, i) => ({
      discipline: 'Direito Constitucional',
      topics: ['Direitos fundamentais'],
      exam: CONST,
      statement: `Direitos fundamentais e garantias individuais, enunciado ${i + 1}.`,
      correctAnswer: 'A' as const,
    })),
  ])
  const q = bank.questions
  Object.assign(ids, {
    funcaoSocial: q[0].id,
    obrigacoes: q[1].id,
    funcoesPena: q[2].id,
    anulada: q[3].id,
    removida: q[4].id,
    coisas: q[5].id,
    funcaoSocialExam: q[0].examId,
  })
  examTjId = q[2].examId
})
afterAll(() => t.close())

const LIVE = 29
const search = (query: string, auth?: Record<string, string>) => {
  const r = api.get(`/api/v1/questions/search?${query}`)
  return auth ? r.set(auth) : r
}
const idsOf = (res: { body: { data?: unknown } }) => (res.body.data as { id: number }[]).map((q) => q.id)

describe('GET /questions/search', () => {
  it('lists live questions with the card fields, 20 per page by default, without removed ones', async () => {
    const res = await search('')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, total: LIVE, total_exact: true, page: 1, per_page: 20 })
    expect(res.body.data).toHaveLength(20)
    expect(idsOf(await search('per_page=100'))).not.toContain(ids.removida)
    const card = (await search(`search_term=contrato autonomia`)).body.data[0]
    expect(card).toMatchObject({
      id: ids.funcaoSocial,
      question_number: 1,
      discipline_name: 'Direito Civil',
      exam_year: 2022,
      exam_name: 'XXXV Exame de Ordem',
      exam_board: 'FGV',
      exam_organization: 'OAB',
      difficulty_level: 'FACIL',
      is_annulled: false,
      has_explanation: true,
      topics: [{ id: bank.topicId('Direito Civil', 'Contratos'), name: 'Contratos' }],
    })
    expect(card.short_id).toMatch(/^[0-9A-F]{10}$/)
    expect(card.alternatives[0]).toEqual({ letter: 'A', text_content: 'Primeira alternativa' })
  })

  it('never sends the answer key or the explanation, to anonymous, students or over-quota students', async () => {
    const student = await createTestUser(t.ctx)
    for (const id of bank.questions.slice(6, 11)) await api.post(`/api/v1/questions/${id.id}/reveal`).set(student.auth).expect(200)
    expect((await api.post(`/api/v1/questions/${ids.funcaoSocial}/reveal`).set(student.auth)).status).toBe(403)
    for (const auth of [undefined, student.auth]) {
      const res = await search('per_page=100', auth)
      const text = JSON.stringify(res.body)
      expect(text).not.toMatch(/correct_answer|"explanation"|Art\. 421|Prevenção e retribuição/)
      const one = await api.get(`/api/v1/questions/${ids.funcaoSocial}`).set(auth ?? {})
      expect(one.status).toBe(200)
      expect(JSON.stringify(one.body)).not.toMatch(/correct_answer|Art\. 421/)
    }
  })

  it('filters by each field alone', async () => {
    const civil = bank.disciplineId('Direito Civil')
    expect((await search(`discipline_ids=${civil}`)).body.total).toBe(3)
    expect((await search(`topic_ids=${bank.topicId('Direito Penal', 'Crimes')}`)).body.total).toBe(1)
    expect(idsOf(await search('difficulty=facil'))).toEqual([ids.funcaoSocial])
    expect((await search('difficulty=dificil')).body.total).toBe(1)
    expect(idsOf(await search('year=2022'))).toEqual([ids.funcaoSocial])
    expect((await search('exam_board=CESPE')).body.total).toBe(2)
    expect((await search(`exam=${examTjId}`)).body.total).toBe(2)
    expect((await search('organization=TJ-SP')).body.total).toBe(2)
    expect((await search('organization=tj-sp')).body.total).toBe(2)
  })

  it('treats repeated values as OR and different fields as AND', async () => {
    const civil = bank.disciplineId('Direito Civil')
    const penal = bank.disciplineId('Direito Penal')
    expect((await search(`discipline_ids=${civil}&discipline_ids=${penal}`)).body.total).toBe(5)
    expect((await search('year=2022&year=2024')).body.total).toBe(25)
    expect(idsOf(await search(`discipline_ids=${penal}&difficulty=dificil&year=2023&exam_board=CESPE`))).toEqual([ids.funcoesPena])
    expect((await search(`discipline_ids=${civil}&exam_board=CESPE`)).body.total).toBe(0)
    expect(idsOf(await search(`discipline_ids=${civil}&search_term=funções`))).toEqual([ids.funcaoSocial])
    // `key[]=` lists, as forms and some clients write them (the query is read flat, ADR 065).
    expect((await search(`discipline_ids[]=${civil}&discipline_ids[]=${penal}`)).body.total).toBe(5)
    const bracketed = await search(`discipline_ids%5B%5D=${civil}&year[]=2022&year[]=2024`)
    expect(bracketed.body.total).toBe((await search(`discipline_ids=${civil}&year=2022,2024`)).body.total)
    expect(bracketed.body.total).toBeGreaterThan(0)
  })

  it('filters by status for a signed-in student and asks anonymous visitors to log in', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    await api.post(`/api/v1/questions/${ids.funcaoSocial}/attempts`).set(s.auth).send({ answer: 'A' }).expect(201)
    await api.post(`/api/v1/questions/${ids.obrigacoes}/attempts`).set(s.auth).send({ answer: 'C' }).expect(201)
    await api.post(`/api/v1/questions/${ids.funcoesPena}/attempts`).set(s.auth).send({ answer: 'A' }).expect(201)
    await api.post(`/api/v1/questions/${ids.funcoesPena}/attempts`).set(s.auth).send({ answer: 'D' }).expect(201)
    expect(new Set(idsOf(await search('status=solved', s.auth)))).toEqual(new Set([ids.funcaoSocial, ids.obrigacoes, ids.funcoesPena]))
    expect(idsOf(await search('status=wrong', s.auth))).toEqual([ids.funcaoSocial])
    expect((await search('status=unsolved', s.auth)).body.total).toBe(LIVE - 3)
    const anon = await search('status=solved')
    expect(anon.status).toBe(401)
    expect(anon.body.error).toBe('Faça login para filtrar pela situação das questões.')
  })

  it('paginates with the same total on every page and no overlap', async () => {
    const p1 = await search('per_page=20&page=1')
    const p2 = await search('per_page=20&page=2')
    expect(p2.body.total).toBe(LIVE)
    expect(p2.body.data).toHaveLength(LIVE - 20)
    const all = [...idsOf(p1), ...idsOf(p2)]
    expect(new Set(all).size).toBe(LIVE)
    expect((await search('page=3')).body.data).toEqual([])
  })

  it('keeps a random order stable across pages for one seed, different for another', async () => {
    const walk = async (seed: string) => {
      const pages = []
      for (const page of [1, 2, 3]) pages.push(...idsOf(await search(`random=true&seed=${seed}&per_page=10&page=${page}`)))
      return pages
    }
    const a = await walk('visitante-1')
    expect(a).toHaveLength(LIVE)
    expect(new Set(a).size).toBe(LIVE)
    expect(await walk('visitante-1')).toEqual(a)
    const b = await walk('visitante-2')
    expect(new Set(b)).toEqual(new Set(a))
    expect(b).not.toEqual(a)
    const ordered = idsOf(await search('per_page=100'))
    expect(a).not.toEqual(ordered)
  })

  it('finds Portuguese text without accents, in any case, singular or plural of -ão words', async () => {
    const found = async (term: string) => new Set(idsOf(await search(`per_page=100&search_term=${encodeURIComponent(term)}`)))
    expect(await found('funcoes')).toEqual(new Set([ids.funcaoSocial, ids.funcoesPena]))
    expect(await found('FUNÇÃO')).toEqual(new Set([ids.funcaoSocial, ids.funcoesPena]))
    expect(await found('questão')).toEqual(new Set([ids.obrigacoes, ids.anulada]))
    expect(await found('questoes')).toEqual(new Set([ids.obrigacoes, ids.anulada]))
    expect(await found('obrigacao')).toEqual(new Set([ids.obrigacoes]))
    expect(await found('solidaria')).toEqual(new Set([ids.obrigacoes]))
    expect(await found('prescrição')).toEqual(new Set())
    expect(await found('inexistentevocabulo')).toEqual(new Set())
    expect((await search('search_term=funcoes')).body.total).toBe(2)
  })

  it('finds a question by the code shown on its card', async () => {
    const code = bank.questions[2].shortId
    expect(idsOf(await search(`search_term=${code}`))).toEqual([ids.funcoesPena])
    expect(idsOf(await search(`search_term=%23${code}`))).toEqual([ids.funcoesPena])
  })

  it('ranks statement matches above matches in alternatives only', async () => {
    const res = await search('search_term=contrato')
    expect(idsOf(res)).toEqual([ids.funcaoSocial, ids.coisas])
  })

  it('answers bad parameters with 400 and a Portuguese message, and ignores unknown ids', async () => {
    const cases: [string, RegExp][] = [
      ['page=-1', /Página inválida/],
      ['page=0', /Página inválida/],
      ['page=abc', /Página inválida/],
      ['per_page=10000', /per_page inválido/],
      ['per_page=0', /per_page inválido/],
      ['year=abc', /Ano inválido/],
      ['year=20', /Ano inválido/],
      ['discipline_ids=abc', /discipline_ids inválido/],
      ['topic_ids=-3', /topic_ids inválido/],
      ['difficulty=impossivel', /Dificuldade inválida/],
      ['status=talvez', /Situação inválida/],
      ['random=sim', /random inválido/],
      [`search_term=${'a'.repeat(201)}`, /Texto de busca muito longo/],
      // What the document does not describe (ADR 049): an empty value, a word or a spelling it does not list.
      ['page=', /Página inválida/],
      ['status=', /Situação inválida/],
      ['random=', /random inválido/],
      ['notebook_id=', /notebook_id inválido/],
      ['difficulty=F%C3%A1cil', /Dificuldade inválida/],
      ['difficulty=MEDIO', /Dificuldade inválida/],
      ['discipline_ids=01', /discipline_ids inválido/],
      ['year=1899', /Ano inválido/],
      [`search_term=${encodeURIComponent(` ${'a'.repeat(200)}`)}`, /Texto de busca muito longo/],
    ]
    for (const [query, message] of cases) {
      const res = await search(query)
      expect(res.status, query).toBe(400)
      expect(res.body.error, query).toMatch(message)
    }
    // What it does describe: comma lists, with spaces and empty entries.
    for (const query of ['discipline_ids=1,%202,,&difficulty=facil,dificil', 'year=2023,&exam_board=%20FGV%20,CESPE', 'discipline_ids='])
      expect((await search(query)).status, query).toBe(200)
    const unknown = await search('discipline_ids=999999&topic_ids=888888')
    expect(unknown.status).toBe(200)
    expect(unknown.body).toMatchObject({ total: 0, data: [] })
    expect((await api.get('/api/v1/questions/abc')).status).toBe(400)
    expect((await api.get('/api/v1/questions/999999')).status).toBe(404)
  })
})

const pick = ({ name, year, board }: { name: string; year: number; board: string }) => ({ name, year, board })

describe('GET /questions/filter-options', () => {
  it('lists years, boards and exams of live questions and the fixed difficulties', async () => {
    const res = await api.get('/api/v1/questions/filter-options')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      years: [2024, 2023, 2022],
      exam_boards: ['CESPE', 'FGV', 'VUNESP'],
      exams: [
        { id: bank.questions[6].examId, ...pick(CONST) },
        { id: examTjId, ...pick(TJ) },
        { id: bank.questions[1].examId, ...pick(OAB38) },
        { id: ids.funcaoSocialExam, ...pick(OAB35) },
      ],
      difficulties: ['facil', 'medio', 'dificil'],
      // Inserted straight into the tables, the questions were never read for citations (citations.test.ts reads them).
      citations: [],
    })
  })
})

describe('answering and revealing', () => {
  it('needs login', async () => {
    for (const path of ['attempts', 'reveal']) {
      const res = await api.post(`/api/v1/questions/${ids.funcaoSocial}/${path}`).send({ answer: 'A' })
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('Login necessário. Faça login para registrar suas tentativas.')
    }
  })

  it('records a wrong and a right attempt and returns the key and explanation', async () => {
    const s = await createTestUser(t.ctx)
    const wrong = await api.post(`/api/v1/questions/${ids.funcaoSocial}/attempts`).set(s.auth).send({ answer: 'a' })
    expect(wrong.status).toBe(201)
    expect(wrong.body).toMatchObject({
      correct: false,
      answer: 'A',
      correct_answer: 'B',
      explanation: 'Art. 421 do Código Civil.',
      annulled: false,
    })
    const right = await api.post(`/api/v1/questions/${ids.funcaoSocial}/attempts`).set(s.auth).send({ answer: 'B' })
    expect(right.body).toMatchObject({ correct: true, correct_answer: 'B' })
    const rows = await t.db.select().from(attempts).where(eq(attempts.userId, s.user.id))
    expect(rows.map((r) => [r.answer, r.correct])).toEqual([
      ['A', false],
      ['B', true],
    ])
    // Both count as one question this week.
    const usage = await t.db.select().from(questionUsage).where(eq(questionUsage.userId, s.user.id))
    expect(usage).toHaveLength(1)
    expect(usage[0].weekStart).toBe(weekStart(new Date()))
  })

  it('rejects a letter that is not an alternative, and missing answers', async () => {
    const s = await createTestUser(t.ctx)
    const bad = await api.post(`/api/v1/questions/${ids.coisas}/attempts`).set(s.auth).send({ answer: 'D' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Alternativa inválida: escolha uma entre A, B.')
    const none = await api.post(`/api/v1/questions/${ids.coisas}/attempts`).set(s.auth).send({})
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('Escolha uma alternativa.')
    // What is not a letter from A to E, as the document's pattern says: refused before the question is read.
    for (const answer of ['1', 'Z', 'AB']) {
      const notLetter = await api.post(`/api/v1/questions/${ids.coisas}/attempts`).set(s.auth).send({ answer })
      expect(notLetter.status).toBe(400)
      expect(notLetter.body.error).toBe('Alternativa inválida: use a letra de uma alternativa, de A a E.')
    }
    expect((await api.post(`/api/v1/questions/${ids.coisas}/attempts`).set(s.auth).send({ answer: ' b ' })).status).toBe(201)
  })

  it('answers annulled questions with Questão Anulada and records no attempt', async () => {
    const s = await createTestUser(t.ctx)
    const res = await api.post(`/api/v1/questions/${ids.anulada}/attempts`).set(s.auth).send({ answer: 'A' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      annulled: true,
      correct: null,
      correct_answer: null,
      message: 'Questão Anulada',
      explanation: 'A banca anulou a questão.',
    })
    expect(await t.db.select().from(attempts).where(eq(attempts.userId, s.user.id))).toEqual([])
    const reveal = await api.post(`/api/v1/questions/${ids.anulada}/reveal`).set(s.auth)
    expect(reveal.body).toMatchObject({ annulled: true, correct_answer: null, message: 'Questão Anulada' })
  })

  it('reveals the key; removed or unknown questions are 404', async () => {
    const s = await createTestUser(t.ctx)
    const res = await api.post(`/api/v1/questions/${ids.funcoesPena}/reveal`).set(s.auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ correct_answer: 'D', explanation: 'Prevenção e retribuição.' })
    expect((await api.post(`/api/v1/questions/${ids.removida}/reveal`).set(s.auth)).status).toBe(404)
    expect((await api.post('/api/v1/questions/99999/attempts').set(s.auth).send({ answer: 'A' })).status).toBe(404)
  })
})

describe('weekly quota', () => {
  const five = () => bank.questions.slice(6, 11).map((q) => q.id)
  const sixth = () => bank.questions[11].id

  it('refuses the 6th distinct question of the week on Gratuito, allows re-answering counted ones', async () => {
    const s = await createTestUser(t.ctx)
    for (const id of five()) expect((await api.post(`/api/v1/questions/${id}/attempts`).set(s.auth).send({ answer: 'A' })).status).toBe(201)
    const refused = await api.post(`/api/v1/questions/${sixth()}/attempts`).set(s.auth).send({ answer: 'A' })
    expect(refused.status).toBe(403)
    // The spec's message, then the day the quota renews (issue 27).
    expect(refused.body.error).toMatch(
      /^Você atingiu o limite de 5 questões por semana do seu plano\. Faça upgrade do plano para continuar praticando\. Sua cota renova segunda, (1º|\d\d)\/\d\d\.$/,
    )
    expect(refused.body.error).not.toMatch(/Direitos fundamentais/)
    expect(JSON.stringify(refused.body)).not.toContain('correct_answer')
    expect((await api.post(`/api/v1/questions/${sixth()}/reveal`).set(s.auth)).status).toBe(403)
    expect((await api.post(`/api/v1/questions/${five()[0]}/attempts`).set(s.auth).send({ answer: 'B' })).status).toBe(201)
    expect((await api.post(`/api/v1/questions/${five()[1]}/reveal`).set(s.auth)).status).toBe(200)
    // The refused attempt left no trace.
    expect(
      await t.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.userId, s.user.id), eq(attempts.questionId, sixth()))),
    ).toEqual([])
  })

  it('does not limit paid plans', async () => {
    const s = await createTestUser(t.ctx, { plan: 'BASICO' })
    for (const q of bank.questions.slice(6, 14)) expect((await api.post(`/api/v1/questions/${q.id}/reveal`).set(s.auth)).status).toBe(200)
  })

  it("ignores last week's usage", async () => {
    const s = await createTestUser(t.ctx)
    const lastWeek = weekStart(new Date(Date.now() - 7 * 24 * 3600 * 1000))
    await t.db
      .insert(questionUsage)
      .values(bank.questions.slice(12, 20).map((q) => ({ userId: s.user.id, questionId: q.id, weekStart: lastWeek })))
    expect((await api.post(`/api/v1/questions/${sixth()}/reveal`).set(s.auth)).status).toBe(200)
  })

  it('starts a new week on Monday 00:00 in São Paulo', async () => {
    const s = await createTestUser(t.ctx)
    const user = { id: s.user.id, planName: s.user.planName }
    // Sunday 2026-11-22 23:30 in São Paulo is Monday 02:30 UTC: still the week of Monday the 16th.
    const sundayNight = new Date('2026-11-23T02:30:00Z')
    const mondayMorning = new Date('2026-11-23T03:05:00Z')
    expect(weekStart(sundayNight)).toBe('2026-11-16')
    expect(weekStart(mondayMorning)).toBe('2026-11-23')
    for (const id of five()) expect((await claimQuestionUse(t.db, user, id, sundayNight)).allowed).toBe(true)
    const refused = await claimQuestionUse(t.db, user, sixth(), sundayNight)
    expect(refused).toMatchObject({
      allowed: false,
      message: quotaMessage(buildPolicy('GRATUITO', await getRules(t.db), refused.policy.usage)),
    })
    expect(refused.policy.usage.questionsThisWeek).toBe(5)
    const monday = await claimQuestionUse(t.db, user, sixth(), mondayMorning)
    expect(monday.allowed).toBe(true)
    expect(monday.policy.usage).toMatchObject({ questionsThisWeek: 1, weekStart: '2026-11-23' })
  })

  it('lets only 5 of many concurrent new questions through', async () => {
    const s = await createTestUser(t.ctx)
    const results = await Promise.all(bank.questions.slice(6, 18).map((q) => api.post(`/api/v1/questions/${q.id}/reveal`).set(s.auth)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(5)
    expect(results.filter((r) => r.status === 403)).toHaveLength(7)
    const rows = await t.db.select().from(questionUsage).where(eq(questionUsage.userId, s.user.id))
    expect(rows).toHaveLength(5)
  })
})

describe('POST /questions/:id/error-reports', () => {
  it('stores a report without login', async () => {
    const res = await api.post(`/api/v1/questions/${ids.funcaoSocial}/error-reports`).send({ message: '  O gabarito parece errado.  ' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Obrigado! Seu relato de erro foi enviado para a equipe.')
    const rows = await t.db.select().from(errorReports).where(eq(errorReports.questionId, ids.funcaoSocial))
    expect(rows.map((r) => [r.message, r.userId])).toEqual([['O gabarito parece errado.', null]])
  })

  it('validates the message and the question', async () => {
    const empty = await api.post(`/api/v1/questions/${ids.funcaoSocial}/error-reports`).send({ message: ' ' })
    expect(empty.status).toBe(400)
    expect(empty.body.error).toBe('Descreva o erro encontrado (pelo menos 5 caracteres).')
    expect((await api.post('/api/v1/questions/424242/error-reports').send({ message: 'Erro no enunciado' })).status).toBe(404)
  })

  it('is rate limited when limits are on', async () => {
    const limited = await createTestContext({ rateLimit: true })
    try {
      const { questions } = await insertQuestions(limited.db, [{ discipline: 'Direito Civil', statement: 'Enunciado qualquer.' }])
      const statuses = []
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await contractRequest(limited.app)
              .post(`/api/v1/questions/${questions[0].id}/error-reports`)
              .send({ message: `Relato número ${i}` })
          ).status,
        )
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
      expect(statuses[10]).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
