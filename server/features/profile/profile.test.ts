import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { profiles, users } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const FULL = {
  name: 'Joana Prado',
  phone: '(21) 98888-7777',
  mascot: 'rabbit',
  birth_date: '25/12/1990',
  gender: 'feminino',
  education_level: 'Superior incompleto',
  target_exam: 'OAB',
  study_goal: 'Passar na 1ª fase',
  preferred_study_time: 'noite',
  notifications_enabled: false,
  ranking_opt_out: true,
  university: 'UFRJ',
  course: 'Direito',
  year: 5,
  bio: 'Estudante de Direito.',
}

describe('GET /profile', () => {
  it('answers user, profile and policy', async () => {
    const { user, auth } = await createTestUser(t.ctx, { name: 'Bia' })
    const res = await contractRequest(t.app).get('/api/v1/profile').set(auth)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Bia', is_admin: false, plan_name: 'GRATUITO' })
    expect(res.body.profile).toEqual({
      birth_date: null,
      gender: null,
      education_level: null,
      target_exam: null,
      study_goal: null,
      preferred_study_time: null,
      notifications_enabled: true,
      ranking_opt_out: false,
      university: null,
      course: null,
      year: null,
      bio: null,
    })
    expect(res.body.policy).toMatchObject({
      plan_name: 'GRATUITO',
      limits: { questionsPerWeek: 5, notebooksLimit: 2 },
      usage: { questionsThisWeek: 0 },
    })
  })

  it('marks an ADMIN plan as administrator', async () => {
    const { auth } = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const res = await contractRequest(t.app).get('/api/v1/profile').set(auth)
    expect(res.body.user.is_admin).toBe(true)
    expect(res.body.policy.plan_name).toBe('ADMIN')
  })

  it('needs a token', async () => {
    const res = await contractRequest(t.app).get('/api/v1/profile')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Token não encontrado' })
  })
})

describe('PUT /profile', () => {
  it('saves every field and answers the new state', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    const res = await contractRequest(t.app).put('/api/v1/profile').set(auth).send(FULL)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Perfil atualizado com sucesso!')
    expect(res.body.user).toMatchObject({ name: 'Joana Prado', phone: '(21) 98888-7777', mascot: 'rabbit' })
    const { name: _n, phone: _p, mascot: _m, ...profile } = FULL
    expect(res.body.profile).toEqual(profile)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id))
    expect(row).toMatchObject({ birthDate: '25/12/1990', year: 5, notificationsEnabled: false, preferredStudyTime: 'noite' })
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(u.mascot).toBe('rabbit')
  })

  it('keeps notifications_enabled as the user set it when a later save leaves it out', async () => {
    const { auth } = await createTestUser(t.ctx)
    await contractRequest(t.app).put('/api/v1/profile').set(auth).send({ notifications_enabled: false }).expect(200)
    await contractRequest(t.app).put('/api/v1/profile').set(auth).send({ bio: 'Nova bio' }).expect(200)
    const res = await contractRequest(t.app).get('/api/v1/profile').set(auth)
    expect(res.body.profile.notifications_enabled).toBe(false)
    expect(res.body.profile.bio).toBe('Nova bio')
  })

  it('accepts a date-input birth date, clears fields with null or blank, and year null', async () => {
    const { auth } = await createTestUser(t.ctx)
    await contractRequest(t.app).put('/api/v1/profile').set(auth).send(FULL).expect(200)
    const res = await contractRequest(t.app)
      .put('/api/v1/profile')
      .set(auth)
      .send({ birth_date: '1991-03-07', year: null, bio: '   ', university: null, gender: '', mascot: null })
    expect(res.status).toBe(200)
    expect(res.body.profile).toMatchObject({
      birth_date: '07/03/1991',
      year: null,
      bio: null,
      university: null,
      gender: null,
      course: 'Direito',
    })
    expect(res.body.user.mascot).toBeNull()
  })

  it.each([
    [{ birth_date: '31/02/2000' }, 'Data de nascimento inválida (use dd/mm/aaaa)'],
    [{ birth_date: 'ontem' }, 'Data de nascimento inválida (use dd/mm/aaaa)'],
    [{ year: '5' }, 'O ano/período deve ser um número inteiro'],
    [{ year: 2.5 }, 'O ano/período deve ser um número inteiro'],
    [{ mascot: 'dragon' }, 'Mascote inválido'],
    [{ gender: 'x' }, 'Gênero inválido'],
    [{ preferred_study_time: 'sempre' }, 'Horário de estudo inválido'],
    [{ name: '  ' }, 'Nome é obrigatório'],
    [{ notifications_enabled: 'sim' }, 'notifications_enabled deve ser verdadeiro ou falso'],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const { user, auth } = await createTestUser(t.ctx, { name: 'Sem Mudança' })
    const res = await contractRequest(t.app).put('/api/v1/profile').set(auth).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: message })
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(u.name).toBe('Sem Mudança')
  })

  it('refuses a non-object body and anonymous callers', async () => {
    const { auth } = await createTestUser(t.ctx)
    expect((await contractRequest(t.app).put('/api/v1/profile').set(auth).send([1, 2])).status).toBe(400)
    expect((await contractRequest(t.app).put('/api/v1/profile').send(FULL)).status).toBe(401)
    expect((await contractRequest(t.app).put('/api/v1/profile').set(auth).type('text').send('oi')).status).toBe(415)
  })
})
