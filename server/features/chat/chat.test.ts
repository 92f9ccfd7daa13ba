import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PlanName } from '#server/db/schema'
import { chatMessages } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { EXPLANATION_POOL } from './bank-replies'
import { CHAT_DISABLED, CHAT_FLOOD_MESSAGE, CHAT_HISTORY_LIMIT, CHAT_PER_MINUTE, CHAT_PLAN_REQUIRED } from './messages'

// The study assistant (issue 14): GET/POST/DELETE /chat/messages. Gating by plan and by the
// admin toggle, replies that cite the bank's own questions and topics (or say nothing was
// found), the history kept per student and capped, validation and the rate limit.

type User = Awaited<ReturnType<typeof createTestUser>>
type Link = { label: string; href: string }
type Message = { id: number; type: 'user' | 'bot'; content: string; links: Link[]; created_at: string }

let t: Awaited<ReturnType<typeof createTestContext>>
let premium: User
let pro: User
let admin: User
let usucapiao: number
let solidaria: number
let kelsen: number
let civil: number
let direitosReais: number

const api = (method: 'get' | 'post' | 'delete' | 'put', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function ask(user: User, content: string) {
  const res = await api('post', '/chat/messages', user.auth).send({ content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { success: true; message: Message; reply: Message }
}

beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(t.db, [
    {
      discipline: 'Direito Civil',
      topics: ['Direitos Reais'],
      statement:
        'Laura possui, como sua, área urbana de até duzentos e cinquenta metros quadrados, por cinco anos ininterruptos e sem oposição. Considerando a usucapião especial urbana, Laura',
      alternatives: [
        { letter: 'A', text: 'não pode usucapir, pois o prazo mínimo é de quinze anos.' },
        { letter: 'B', text: 'pode adquirir o domínio, preenchidos os requisitos constitucionais.' },
      ],
      correctAnswer: 'B',
    },
    {
      discipline: 'Direito Civil',
      topics: ['Obrigações'],
      statement: 'Na obrigação solidária passiva, o credor',
      explanation: 'O credor pode exigir de qualquer devedor a dívida toda: é a essência da solidariedade passiva.',
    },
    {
      discipline: 'Filosofia do Direito',
      topics: ['Positivismo Jurídico'],
      statement: 'Para o positivismo jurídico, a validade de uma norma decorre',
      explanation: 'Na teoria pura de Kelsen, a norma fundamental pressuposta fecha a cadeia de validade.',
    },
    { discipline: 'Direito Penal', topics: ['Teoria do Crime'], statement: 'Lucas desistiu de prosseguir no furto por vontade própria.' },
    { discipline: 'Direito Civil', topics: ['Direitos Reais'], statement: 'Usucapião removida do banco.', removed: true },
  ])
  ;[usucapiao, solidaria, kelsen] = bank.questions.map((q) => q.id)
  civil = bank.disciplineId('Direito Civil')
  direitosReais = bank.topicId('Direito Civil', 'Direitos Reais')
  premium = await createTestUser(t.ctx, { plan: 'PREMIUM', name: 'Paula' })
  pro = await createTestUser(t.ctx, { plan: 'PRO', name: 'Pedro' })
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Admin' })
})
afterAll(() => t.close())

describe('who may use the assistant', () => {
  it('needs a login (401) on every route', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await api(method, '/chat/messages').send(method === 'post' ? { content: 'oi' } : undefined)
      expect(res.status, method).toBe(401)
      expect(res.body).toEqual({ error: 'Token não encontrado' })
    }
  })

  it.each<PlanName>(['GRATUITO', 'BASICO'])('refuses the %s plan (403, pointing to /planos) and stores nothing', async (plan) => {
    const student = await createTestUser(t.ctx, { plan })
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await api(method, '/chat/messages', student.auth).send(method === 'post' ? { content: 'usucapião' } : undefined)
      expect(res.status, method).toBe(403)
      expect(res.body).toEqual({ error: CHAT_PLAN_REQUIRED, code: 'PLAN_REQUIRED', plans_url: '/planos' })
    }
    expect(CHAT_PLAN_REQUIRED).toContain('/planos')
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.userId, student.user.id))).toEqual([])
  })

  it.each<PlanName>(['PREMIUM', 'PRO'])('lets the %s plan in (empty history at first)', async (plan) => {
    const student = await createTestUser(t.ctx, { plan })
    const res = await api('get', '/chat/messages', student.auth)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, messages: [] })
  })

  it('follows the admin toggle chatEnabled: off is 403 for Premium and Pro, on again lets them back', async () => {
    const off = await api('put', '/admin/feature-toggles', admin.auth).send({ chatEnabled: false })
    expect(off.status).toBe(200)
    try {
      for (const student of [premium, pro]) {
        const get = await api('get', '/chat/messages', student.auth)
        expect(get.status).toBe(403)
        expect(get.body).toEqual({ error: CHAT_DISABLED, code: 'CHAT_DISABLED' })
        const post = await api('post', '/chat/messages', student.auth).send({ content: 'usucapião' })
        expect(post.status).toBe(403)
      }
      const policy = await api('get', '/policy', premium.auth)
      expect(policy.body.features.chat).toBe(false)
    } finally {
      await api('put', '/admin/feature-toggles', admin.auth).send({ chatEnabled: true })
    }
    expect((await api('get', '/chat/messages', premium.auth)).status).toBe(200)
  })
})

describe('replies from the bank', () => {
  it('a Direito Civil question cites the matching question (its permanent page) and its topic, filtered', async () => {
    const student = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const { message, reply } = await ask(student, 'Quais são os requisitos da usucapião especial urbana?')
    expect(message).toMatchObject({ type: 'user', content: 'Quais são os requisitos da usucapião especial urbana?', links: [] })
    expect(reply.type).toBe('bot')
    expect(reply.id).toBeGreaterThan(message.id)
    const hrefs = reply.links.map((l) => l.href)
    expect(hrefs[0]).toBe(`/questoes/${usucapiao}`)
    expect(reply.links[0].label).toContain('Direito Civil')
    expect(hrefs).toContain(`/questoes?disciplina=${civil}&assunto=${direitosReais}`)
    expect(reply.links.find((l) => l.href.includes('assunto='))?.label).toBe('Questões de Direitos Reais (Direito Civil)')
    expect(reply.content).toContain('usucapião especial urbana')
    expect(reply.content).toContain('Direitos Reais')
    // Never a removed question, never the answer key.
    expect(hrefs.filter((h) => /^\/questoes\/\d+$/.test(h))).toEqual([`/questoes/${usucapiao}`])
    expect(reply.content).not.toMatch(/alternativa B|gabarito/i)
  })

  it('finds questions through their explanation and says so', async () => {
    const { reply } = await ask(premium, 'norma fundamental de Kelsen')
    expect(reply.links[0].href).toBe(`/questoes/${kelsen}`)
    expect(reply.content).toContain('o tema aparece na explicação da questão')
  })

  it(`draws on the newest ${EXPLANATION_POOL} explanations a word matches, the same ones on every message`, async () => {
    // More matching explanations than the pool: the oldest fall outside it. Before, the pool was
    // the first the scan met (on a fresh table, the oldest; on a large PostgreSQL one, wherever
    // the last scan had stopped).
    const own = await createTestContext()
    try {
      const extra = 5
      const bank = await insertQuestions(
        own.db,
        Array.from({ length: EXPLANATION_POOL + extra }, (_, i) => ({
          discipline: 'Direito Civil',
          statement: `Sobre os direitos reais de garantia, assinale a correta (${i + 1}).`,
          explanation: 'A anticrese entrega ao credor os frutos do imóvel.',
        })),
      )
      const ids = bank.questions.map((q) => q.id).sort((a, b) => a - b)
      const student = await createTestUser(own.ctx, { plan: 'PREMIUM' })
      const cited = async () => {
        const res = await contractRequest(own.app).post('/api/v1/chat/messages').set(student.auth).send({ content: 'anticrese' })
        expect(res.status).toBe(201)
        return (res.body.reply.links as Link[]).map((l) => l.href).filter((h) => /^\/questoes\/\d+$/.test(h))
      }
      const first = await cited()
      // Equal ranks: the lowest ids of the pool, from the sixth question on.
      expect(first).toEqual(ids.slice(extra, extra + first.length).map((id) => `/questoes/${id}`))
      expect(first.length).toBeGreaterThan(0)
      expect(await cited()).toEqual(first)
    } finally {
      await own.close()
    }
  })

  it('a message in the student’s own words falls back to the questions with most of its terms', async () => {
    const { reply } = await ask(premium, 'Explique a solidariedade passiva quando existem vários devedores e nenhum fiador')
    expect(reply.links.map((l) => l.href)).toContain(`/questoes/${solidaria}`)
  })

  it('a named discipline filters the search and links to it', async () => {
    const { reply } = await ask(premium, 'direito civil')
    expect(reply.content).toContain('Direito Civil')
    const hrefs = reply.links.map((l) => l.href)
    expect(hrefs).toContain(`/questoes?disciplina=${civil}&assunto=${direitosReais}`)
    expect(hrefs.every((h) => !h.includes(String(kelsen)) || !/^\/questoes\/\d+$/.test(h))).toBe(true)
  })

  it('nothing found: says so and suggests how to search, with a search link', async () => {
    const { reply } = await ask(premium, 'xilofone quântico')
    expect(reply.content).toContain('Não encontrei no banco questões sobre “xilofone quântico”')
    expect(reply.content).toContain('termos da lei')
    expect(reply.links).toEqual([
      {
        label: 'Buscar “xilofone quântico” no banco de questões',
        href: `/questoes?q=${encodeURIComponent('xilofone quântico').replace(/%20/g, '+')}`,
      },
      { label: 'Abrir o banco de questões com filtros', href: '/questoes' },
    ])
  })

  it('a greeting gets an honest introduction: an automatic assistant, not a person', async () => {
    const { reply } = await ask(premium, 'Olá, bom dia!')
    expect(reply.content).toMatch(/^Olá!/)
    expect(reply.content).toContain('programa automático (não uma pessoa)')
    expect(reply.links).toEqual([{ label: 'Abrir o banco de questões', href: '/questoes' }])
  })
})

describe('history', () => {
  it('keeps both messages of each exchange, oldest first', async () => {
    const student = await createTestUser(t.ctx, { plan: 'PRO' })
    await ask(student, 'usucapião')
    await ask(student, 'Kelsen')
    const res = await api('get', '/chat/messages', student.auth)
    expect(res.status).toBe(200)
    const messages = res.body.messages as Message[]
    expect(messages.map((m) => [m.type, m.type === 'user' ? m.content : ''])).toEqual([
      ['user', 'usucapião'],
      ['bot', ''],
      ['user', 'Kelsen'],
      ['bot', ''],
    ])
    expect(messages[1].links[0].href).toBe(`/questoes/${usucapiao}`)
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b))
  })

  it(`keeps only the last ${CHAT_HISTORY_LIMIT} messages of a student`, async () => {
    const student = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    for (let i = 1; i <= 27; i++) await ask(student, `pergunta ${i} sobre usucapião`)
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.userId, student.user.id))
    expect(rows).toHaveLength(CHAT_HISTORY_LIMIT)
    const res = await api('get', '/chat/messages', student.auth)
    const messages = res.body.messages as Message[]
    expect(messages).toHaveLength(CHAT_HISTORY_LIMIT)
    // 54 written, the oldest two exchanges gone.
    expect(messages[0]).toMatchObject({ type: 'user', content: 'pergunta 3 sobre usucapião' })
    expect(messages.at(-2)).toMatchObject({ type: 'user', content: 'pergunta 27 sobre usucapião' })
  })

  it('another student never sees the history; clearing removes only one’s own', async () => {
    const ana = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const bia = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    await ask(ana, 'segredo da Ana sobre usucapião')
    await ask(bia, 'pergunta da Bia')
    const seen = (await api('get', '/chat/messages', bia.auth)).body.messages as Message[]
    expect(seen.map((m) => m.content)).not.toContain('segredo da Ana sobre usucapião')
    expect(seen.filter((m) => m.type === 'user').map((m) => m.content)).toEqual(['pergunta da Bia'])

    const cleared = await api('delete', '/chat/messages', bia.auth)
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ success: true, message: 'Conversa apagada.' })
    expect((await api('get', '/chat/messages', bia.auth)).body.messages).toEqual([])
    expect((await api('get', '/chat/messages', ana.auth)).body.messages).toHaveLength(2)
  })
})

describe('validation', () => {
  it.each([
    ['empty', { content: '' }, 'Escreva sua pergunta.'],
    ['blank', { content: '   \n ' }, 'Escreva sua pergunta.'],
    ['missing', {}, 'Escreva sua pergunta.'],
    ['not text', { content: 42 }, 'Escreva sua pergunta.'],
    ['too long', { content: 'a'.repeat(1001) }, 'A pergunta pode ter no máximo 1.000 caracteres.'],
    ['a control character', { content: 'oi\u0007' }, 'O texto contém caracteres inválidos.'],
  ])('%s → 400 in Portuguese, nothing stored', async (_name, body, error) => {
    const student = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await api('post', '/chat/messages', student.auth).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error })
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.userId, student.user.id))).toEqual([])
  })

  it('a NUL byte → 400 in Portuguese', async () => {
    const res = await api('post', '/chat/messages', premium.auth).send({ content: 'usucapião\u0000' })
    expect(res.status).toBe(400)
    expect(typeof res.body.error).toBe('string')
    expect(res.body.error).toMatch(/inválid/)
  })

  it('1,000 characters are accepted and stored verbatim', async () => {
    const content = `usucapião ${'é'.repeat(990)}`
    const { message } = await ask(premium, content)
    expect(message.content).toBe(content)
  })
})

describe('rate limit', () => {
  it(`answers 429 in Portuguese after ${CHAT_PER_MINUTE} messages a minute, per student`, async () => {
    const limited = await createTestContext({ rateLimit: true })
    try {
      const make = (plan: PlanName) => createTestUser(limited.ctx, { plan })
      const [flooder, other] = [await make('PREMIUM'), await make('PRO')]
      for (let i = 0; i < CHAT_PER_MINUTE; i++) {
        const res = await contractRequest(limited.app)
          .post('/api/v1/chat/messages')
          .set(flooder.auth)
          .send({ content: `oi ${i}` })
        expect(res.status).toBe(201)
      }
      const over = await contractRequest(limited.app).post('/api/v1/chat/messages').set(flooder.auth).send({ content: 'mais uma' })
      expect(over.status).toBe(429)
      expect(over.body).toEqual({ error: CHAT_FLOOD_MESSAGE })
      const ok = await contractRequest(limited.app).post('/api/v1/chat/messages').set(other.auth).send({ content: 'oi' })
      expect(ok.status).toBe(201)
      // Reading the history is not limited.
      expect((await contractRequest(limited.app).get('/api/v1/chat/messages').set(flooder.auth)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
