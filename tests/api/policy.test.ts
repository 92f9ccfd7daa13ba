import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Toggles } from '#server/domain/toggles/names'
import { ADMIN_TOGGLES } from '#server/domain/toggles/names'
import type { Catalog } from '#server/features/plans/catalog'
import { getCatalog, limitsOf } from '#server/features/plans/catalog'
import type { Rules } from '#server/features/plans/policy'
import { buildPolicy, canCreateNotebook, canUseAnotherQuestion, hasFeature } from '#server/features/plans/policy'

import { createTestContext, createTestUser } from '../support/context'

let t: Awaited<ReturnType<typeof createTestContext>>
let catalog: Catalog
beforeAll(async () => {
  t = await createTestContext()
  catalog = await getCatalog(t.db)
})
afterAll(() => t.close())

const allOnToggles = Object.fromEntries(ADMIN_TOGGLES.map((k) => [k, true])) as Toggles
// Built lazily: the catalogue is read from the migrated database in beforeAll.
const rules = (toggles: Partial<Toggles> = {}): Rules => ({ toggles: { ...allOnToggles, ...toggles }, catalog })
const usage = (questions = 0, notebooks = 0) => ({
  questionsThisWeek: questions,
  questionsRemainingThisWeek: null,
  notebooksCreated: notebooks,
  weekStart: '2026-11-23',
})

describe('plan rules (spec section 5)', () => {
  it('a feature is available only if the plan allows it and its toggle is on; false without a policy', () => {
    const basico = buildPolicy('BASICO', rules(), usage())
    // Básico keeps the analysis Gratuito has (issue 28: a paid plan never has less than the free one).
    expect(basico.features).toEqual({
      notebooks: true,
      comments: false,
      chat: false,
      ads: true,
      commentedQuestions: true,
      // One "Prova anterior" a month, not the Exame de Ordem nor the personalised ones (issue 29).
      simulations: true,
      fullSimulations: false,
    })
    expect(hasFeature(basico, 'notebooks')).toBe(true)
    expect(hasFeature(buildPolicy('BASICO', rules({ notebooksEnabled: false }), usage()), 'notebooks')).toBe(false)
    expect(hasFeature(null, 'notebooks')).toBe(false)
    expect(hasFeature(undefined, 'chat')).toBe(false)
  })

  it('questions: unlimited, or below the weekly limit; remaining counted for limited plans', () => {
    expect(canUseAnotherQuestion(buildPolicy('GRATUITO', rules(), usage(4)))).toBe(true)
    expect(canUseAnotherQuestion(buildPolicy('GRATUITO', rules(), usage(5)))).toBe(false)
    expect(canUseAnotherQuestion(buildPolicy('BASICO', rules(), usage(500)))).toBe(true)
    expect(buildPolicy('GRATUITO', rules(), usage(3)).usage.questionsRemainingThisWeek).toBe(2)
    expect(buildPolicy('GRATUITO', rules(), usage(9)).usage.questionsRemainingThisWeek).toBe(0)
    expect(buildPolicy('PRO', rules(), usage(9)).usage.questionsRemainingThisWeek).toBeNull()
  })

  it('notebooks: available and below the limit, or unlimited', () => {
    expect(canCreateNotebook(buildPolicy('GRATUITO', rules(), usage(0, 1)))).toBe(true)
    expect(canCreateNotebook(buildPolicy('GRATUITO', rules(), usage(0, 2)))).toBe(false)
    expect(canCreateNotebook(buildPolicy('PRO', rules(), usage(0, 10_000)))).toBe(true)
    expect(canCreateNotebook(buildPolicy('PRO', rules({ notebooksEnabled: false }), usage()))).toBe(false)
  })

  it('the plan table of spec section 6 is the catalogue seed, Básico with the analysis', () => {
    expect(limitsOf(catalog, 'BASICO').hasCommentedQuestions).toBe(true)
    expect(limitsOf(catalog, 'GRATUITO')).toMatchObject({
      questionsPerWeek: 5,
      notebooksLimit: 2,
      hasComments: false,
      hasChat: false,
      hasAds: true,
    })
    expect(limitsOf(catalog, 'BASICO')).toMatchObject({
      questionsPerWeek: -1,
      notebooksLimit: 10,
      hasNotebooks: true,
      hasChat: false,
      hasAds: true,
    })
    expect(limitsOf(catalog, 'PREMIUM')).toMatchObject({
      questionsPerWeek: -1,
      notebooksLimit: 50,
      hasComments: true,
      hasChat: true,
      hasAds: false,
    })
    expect(limitsOf(catalog, 'PRO')).toMatchObject({ questionsPerWeek: -1, notebooksLimit: -1, hasChat: true, hasAds: false })
  })
})

describe('GET /policy', () => {
  it('answers the same policy GET /profile carries', async () => {
    const s = await createTestUser(t.ctx, { plan: 'BASICO' })
    const res = await request(t.app).get('/api/v1/policy').set(s.auth)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['features', 'limits', 'plan_name', 'toggles', 'usage'])
    expect(res.body).toMatchObject({
      plan_name: 'BASICO',
      limits: { questionsPerWeek: -1, notebooksLimit: 10 },
      usage: { questionsThisWeek: 0, notebooksCreated: 0 },
    })
    const profile = await request(t.app).get('/api/v1/profile').set(s.auth)
    expect(profile.body.policy).toEqual(res.body)
    expect(profile.body.user).toMatchObject({ plan_name: 'BASICO' })
    expect(profile.body.profile).toBeDefined()
  })

  it('needs a token', async () => {
    expect((await request(t.app).get('/api/v1/policy')).status).toBe(401)
    expect((await request(t.app).get('/api/v1/policy').set('Authorization', 'Bearer nao-existe')).status).toBe(401)
  })

  it('an administrator has everything', async () => {
    const a = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const res = await request(t.app).get('/api/v1/policy').set(a.auth)
    expect(res.body).toMatchObject({
      plan_name: 'ADMIN',
      limits: { questionsPerWeek: -1 },
      features: { notebooks: true, chat: true, ads: false },
    })
  })
})
