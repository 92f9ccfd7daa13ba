import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { featureToggles, subscriptions, users } from '#server/db/schema'

import type { TestContext } from '../../../tests/api/billing-helpers'
import { buy, DAY, decide, setNow, startCheckout } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

let t: TestContext
let admin: Awaited<ReturnType<typeof createTestUser>>
let student: Awaited<ReturnType<typeof createTestUser>>

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Administradora' })
  student = await createTestUser(t.ctx, { name: 'Bruno Estudante' })
})
afterAll(() => t.close())
afterEach(async () => {
  setNow(t, undefined)
  await t.db.delete(featureToggles)
})

const api = (method: 'get' | 'put' | 'post', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

describe('admin billing endpoints are for administrators only', () => {
  const routes: ['get' | 'put' | 'post', string, object?][] = [
    ['get', '/admin/feature-toggles'],
    ['put', '/admin/feature-toggles', { notebooksEnabled: false }],
    ['get', '/admin/subscriptions'],
    ['post', '/admin/subscriptions/renew'],
    ['get', '/admin/payments'],
    ['get', '/admin/users'],
    ['get', '/admin/users/00000000-0000-4000-8000-000000000000'],
    ['put', '/admin/users/00000000-0000-4000-8000-000000000000/plan', { plan_name: 'PRO' }],
    ['put', '/admin/users/00000000-0000-4000-8000-000000000000/admin', { is_admin: true }],
  ]
  it('a student gets 403 and an anonymous caller 401 on every one, and nothing changes', async () => {
    for (const [method, url, body] of routes) {
      const asStudent = await api(method, url, student.auth).send(body)
      expect(asStudent.status, `${method} ${url}`).toBe(403)
      expect(asStudent.body).toEqual({ error: 'Acesso restrito a administradores' })
      expect((await api(method, url).send(body)).status, `${method} ${url}`).toBe(401)
    }
    // The student's own id, too: no self-promotion.
    expect((await api('put', `/admin/users/${student.user.id}/admin`, student.auth).send({ is_admin: true })).status).toBe(403)
    expect((await api('put', `/admin/users/${student.user.id}/plan`, student.auth).send({ plan_name: 'PRO' })).status).toBe(403)
    const [row] = await t.db.select().from(users).where(eq(users.id, student.user.id))
    expect(row.planName).toBe('GRATUITO')
    expect(await t.db.select().from(featureToggles)).toHaveLength(0)
  })
})

describe('feature toggles', () => {
  it('lists the six toggles, all on by default, with labels', async () => {
    const res = await api('get', '/admin/feature-toggles', admin.auth)
    expect(res.status).toBe(200)
    expect(res.body.toggles).toEqual({
      notebooksEnabled: true,
      commentsEnabled: true,
      chatEnabled: true,
      adsEnabled: true,
      commentedQuestionsEnabled: true,
      simulationsEnabled: true,
    })
    expect(res.body.items.map((i: { key: string }) => i.key)).toEqual([
      'notebooksEnabled',
      'commentsEnabled',
      'chatEnabled',
      'adsEnabled',
      'commentedQuestionsEnabled',
      'simulationsEnabled',
    ])
    expect(res.body.items[0].label).toBe('Cadernos')
  })

  it('a change holds from the next request of every user: the feature map follows plan AND toggle', async () => {
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const before = (await api('get', '/policy', premium.auth)).body
    expect(before.features).toEqual({
      notebooks: true,
      comments: true,
      chat: true,
      ads: false,
      commentedQuestions: true,
      simulations: true,
      fullSimulations: true,
    })

    const res = await api('put', '/admin/feature-toggles', admin.auth).send({ notebooksEnabled: false, chatEnabled: false })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      message: 'Recursos atualizados.',
      toggles: { notebooksEnabled: false, chatEnabled: false, commentsEnabled: true },
    })

    const after = (await api('get', '/policy', premium.auth)).body
    expect(after.features).toEqual({
      notebooks: false,
      comments: true,
      chat: false,
      ads: false,
      commentedQuestions: true,
      simulations: true,
      fullSimulations: true,
    })
    expect(after.toggles).toMatchObject({ notebooksEnabled: false, chatEnabled: false })
    expect((await api('get', '/profile', premium.auth)).body.policy.features).toEqual(after.features)
    // A toggle on cannot give a plan what it does not include: Gratuito has no chat either way.
    await api('put', '/admin/feature-toggles', admin.auth).send({ chatEnabled: true }).expect(200)
    expect((await api('get', '/policy', student.auth)).body.features.chat).toBe(false)
    expect((await api('get', '/policy', premium.auth)).body.features).toMatchObject({ chat: true, notebooks: false })
    // Ads show only where the plan has them and the toggle is on.
    expect((await api('get', '/policy', student.auth)).body.features.ads).toBe(true)
    await api('put', '/admin/feature-toggles', admin.auth).send({ adsEnabled: false }).expect(200)
    expect((await api('get', '/policy', student.auth)).body.features.ads).toBe(false)
  })

  it('refuses unknown names, non-boolean values and bodies that are not an object', async () => {
    const put = (body: unknown) => api('put', '/admin/feature-toggles', admin.auth).send(body as object)
    const unknown = await put({ notebooksEnabled: false, rankingEnabled: true })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toMatch(/^Recurso desconhecido: rankingEnabled\./)
    expect((await put({ notebooksEnabled: 'false' })).body).toEqual({
      error: 'notebooksEnabled deve ser verdadeiro ou falso (true/false).',
    })
    expect((await put({ notebooksEnabled: null })).status).toBe(400)
    expect((await put([{ notebooksEnabled: false }])).status).toBe(400)
    expect((await put({ 'notebooks\u0000Enabled': false })).status).toBe(400)
    const text = await api('put', '/admin/feature-toggles', admin.auth).set('content-type', 'text/plain').send('notebooksEnabled=false')
    expect(text.status).toBe(415)
    // Nothing was stored by the refused requests (all or nothing).
    expect(await t.db.select().from(featureToggles)).toHaveLength(0)
    // An empty subset changes nothing and is fine.
    expect((await put({})).status).toBe(200)
  })
})

describe('users', () => {
  it('finds users by part of the name or email, case- and wildcard-safe, 20 a page', async () => {
    const found = await api('get', '/admin/users?q=bruno', admin.auth)
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({ total: 1, page: 1, per_page: 20 })
    expect(found.body.data[0]).toMatchObject({
      id: student.user.id,
      name: 'Bruno Estudante',
      plan_name: 'GRATUITO',
      plan: 'Gratuito',
      is_admin: false,
    })
    const byEmail = await api('get', `/admin/users?q=${encodeURIComponent(student.user.email.toUpperCase())}`, admin.auth)
    expect(byEmail.body.data.map((u: { id: string }) => u.id)).toEqual([student.user.id])
    expect((await api('get', '/admin/users?q=%25', admin.auth)).body.total).toBe(0)
    expect((await api('get', '/admin/users', admin.auth)).body.total).toBeGreaterThanOrEqual(2)
  })

  it('answers 400 to a NUL byte, an oversize or repeated q and a bad page', async () => {
    expect((await api('get', '/admin/users?q=a%00b', admin.auth)).status).toBe(400)
    expect((await api('get', `/admin/users?q=${'a'.repeat(101)}`, admin.auth)).status).toBe(400)
    expect((await api('get', '/admin/users?q=a&q=b', admin.auth)).status).toBe(400)
    expect((await api('get', '/admin/users?page=0', admin.auth)).body).toEqual({ error: 'Página inválida.' })
    expect((await api('get', '/admin/users?page=abc', admin.auth)).status).toBe(400)
  })

  it('shows one user with plan, subscription, usage and payments; unknown or malformed ids are 404', async () => {
    const s = await createTestUser(t.ctx)
    await buy(t, s.auth, 'BASICO')
    const res = await api('get', `/admin/users/${s.user.id}`, admin.auth)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ id: s.user.id, plan_name: 'BASICO' })
    expect(res.body.billing).toMatchObject({
      plan: { plan_name: 'BASICO' },
      state: 'active',
      subscription: { plan_name: 'BASICO', complimentary: false },
    })
    expect(res.body.usage).toMatchObject({ questionsThisWeek: 0, notebooksCreated: 0 })
    expect(res.body.policy.plan_name).toBe('BASICO')
    expect(res.body.payments).toHaveLength(1)
    expect(res.body.payments[0]).toMatchObject({ status: 'approved', amount_cents: 2000, provider: 'sandbox' })
    expect(res.body.subscriptions).toHaveLength(1)
    expect((await api('get', '/admin/users/00000000-0000-4000-8000-000000000000', admin.auth)).body).toEqual({
      error: 'Usuário não encontrado.',
    })
    expect((await api('get', '/admin/users/42', admin.auth)).status).toBe(404)
  })

  it('grants a complimentary plan without payment, recorded with the admin who granted it', async () => {
    const s = await createTestUser(t.ctx)
    const res = await api('put', `/admin/users/${s.user.id}/plan`, admin.auth).send({ plan_name: 'PRO' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, user: { plan_name: 'PRO' } })
    expect(res.body.message).toBe(`Plano Pro concedido como cortesia a ${s.user.name}.`)
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, s.user.id))
    expect(sub).toMatchObject({ planName: 'PRO', status: 'active', grantedBy: admin.user.id, provider: null, currentPeriodEnd: null })
    const overview = (await api('get', '/billing/subscription', s.auth)).body
    expect(overview).toMatchObject({
      plan: { plan_name: 'PRO' },
      state: 'active',
      renews_at: null,
      subscription: { complimentary: true, granted_by: admin.user.id },
    })
    expect((await api('get', '/policy', s.auth)).body.limits.questionsPerWeek).toBe(-1)
    const listed = (await api('get', '/admin/subscriptions', admin.auth)).body.data.find(
      (x: { user: { id: string } }) => x.user.id === s.user.id,
    )
    expect(listed.granted_by_user).toMatchObject({ id: admin.user.id, name: 'Ana Administradora' })

    // Back to Gratuito: the grant ends now.
    const back = await api('put', `/admin/users/${s.user.id}/plan`, admin.auth).send({ plan_name: 'GRATUITO' })
    expect(back.body.user.plan_name).toBe('GRATUITO')
    expect((await api('get', '/policy', s.auth)).body.limits.questionsPerWeek).toBe(5)

    expect((await api('put', `/admin/users/${s.user.id}/plan`, admin.auth).send({ plan_name: 'ADMIN' })).status).toBe(400)
    expect((await api('put', `/admin/users/${s.user.id}/plan`, admin.auth).send({})).status).toBe(400)
    expect((await api('put', '/admin/users/00000000-0000-4000-8000-000000000000/plan', admin.auth).send({ plan_name: 'PRO' })).status).toBe(
      404,
    )
  })

  it('makes and unmakes an administrator, who gets their own plan back; never oneself', async () => {
    const s = await createTestUser(t.ctx)
    await buy(t, s.auth, 'PREMIUM')
    const made = await api('put', `/admin/users/${s.user.id}/admin`, admin.auth).send({ is_admin: true })
    expect(made.status).toBe(200)
    expect(made.body.user).toMatchObject({ is_admin: true, plan_name: 'ADMIN' })
    expect((await api('get', '/admin/feature-toggles', s.auth)).status).toBe(200)
    const unmade = await api('put', `/admin/users/${s.user.id}/admin`, admin.auth).send({ is_admin: false })
    expect(unmade.body.user).toMatchObject({ is_admin: false, plan_name: 'PREMIUM' })
    expect((await api('get', '/admin/feature-toggles', s.auth)).status).toBe(403)

    const self = await api('put', `/admin/users/${admin.user.id}/admin`, admin.auth).send({ is_admin: false })
    expect(self.status).toBe(403)
    expect(self.body).toEqual({ error: 'Você não pode alterar o seu próprio acesso de administrador.' })
    expect((await t.db.select().from(users).where(eq(users.id, admin.user.id)))[0].planName).toBe('ADMIN')
    expect((await api('put', `/admin/users/${s.user.id}/admin`, admin.auth).send({ is_admin: 'sim' })).body).toEqual({
      error: 'is_admin deve ser verdadeiro ou falso (true/false).',
    })
  })
})

describe('subscriptions and payments lists', () => {
  it('lists newest first and filters by status', async () => {
    const a = await createTestUser(t.ctx)
    const b = await createTestUser(t.ctx)
    await buy(t, a.auth, 'BASICO')
    await buy(t, b.auth, 'PRO')
    await api('post', '/billing/subscription/cancel', b.auth).expect(200)
    const declined = await startCheckout(t, a.auth, 'PRO', 'paypal')
    await decide(t, declined.checkout_id, 'recusar')

    const all = (await api('get', '/admin/subscriptions', admin.auth)).body
    const times = all.data.map((s: { created_at: string }) => s.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    const canceled = (await api('get', '/admin/subscriptions?status=canceled', admin.auth)).body
    expect(canceled.data.map((s: { user: { id: string } }) => s.user.id)).toContain(b.user.id)
    expect(
      canceled.data.every((s: { state: string; status_label: string }) => s.state === 'canceled' && s.status_label === 'Cancelado'),
    ).toBe(true)
    const active = (await api('get', '/admin/subscriptions?status=active', admin.auth)).body
    expect(active.data.map((s: { user: { id: string } }) => s.user.id)).toContain(a.user.id)
    expect(active.data.map((s: { user: { id: string } }) => s.user.id)).not.toContain(b.user.id)
    // An empty value is not "no filter" (the clients leave the key out): the document never allows one (ADR 049).
    expect((await api('get', '/admin/subscriptions?status=', admin.auth)).status).toBe(400)
    expect((await api('get', '/admin/subscriptions?status=pago', admin.auth)).status).toBe(400)

    const payments = (await api('get', '/admin/payments?status=declined', admin.auth)).body
    expect(payments.data[0]).toMatchObject({
      checkout_id: declined.checkout_id,
      status: 'declined',
      method: 'paypal',
      user: { id: a.user.id },
    })
    expect(payments.data.every((p: { status: string }) => p.status === 'declined')).toBe(true)
    const newest = (await api('get', '/admin/payments', admin.auth)).body.data[0]
    expect(newest.checkout_id).toBe(declined.checkout_id)
    expect((await api('get', '/admin/payments?status=x', admin.auth)).status).toBe(400)
  })
})

describe('renewal run', () => {
  it('POST /admin/subscriptions/renew applies every period end that has passed', async () => {
    const down = await createTestUser(t.ctx)
    const gone = await createTestUser(t.ctx)
    await buy(t, down.auth, 'PRO')
    await buy(t, gone.auth, 'PREMIUM')
    await api('post', '/billing/subscription/change', down.auth).send({ plan_name: 'PREMIUM' }).expect(200)
    await api('post', '/billing/subscription/cancel', gone.auth).expect(200)

    setNow(t, new Date(Date.now() + 40 * DAY))
    const res = await api('post', '/admin/subscriptions/renew', admin.auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true })
    expect(res.body.downgraded).toBeGreaterThanOrEqual(1)
    expect(res.body.ended).toBeGreaterThanOrEqual(1)
    const plans = await t.db.select({ id: users.id, plan: users.planName }).from(users)
    expect(plans.find((u) => u.id === down.user.id)?.plan).toBe('PREMIUM')
    expect(plans.find((u) => u.id === gone.user.id)?.plan).toBe('GRATUITO')
    // Run again: nothing is due any more.
    const again = (await api('post', '/admin/subscriptions/renew', admin.auth)).body
    expect(again).toMatchObject({ checked: 0, renewed: 0, downgraded: 0, ended: 0 })
  })

  it('gabarita subscriptions renew calls it with the saved token', async () => {
    const server = t.app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-cli-'))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
      const run = (token: string) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(path.resolve('node_modules/.bin/tsx'), ['cli/index.ts', 'subscriptions', 'renew', '--api', url], {
            env: { ...process.env, GABARITA_TOKEN: token, GABARITA_API_URL: undefined, XDG_CONFIG_HOME: configHome },
          })
          let stdout = ''
          let stderr = ''
          child.stdout.on('data', (d) => (stdout += d))
          child.stderr.on('data', (d) => (stderr += d))
          child.stdin.end()
          child.on('close', (code) => resolve({ code, stdout, stderr }))
        })
      const ok = await run(admin.token)
      expect(ok.code, ok.stderr).toBe(0)
      expect(ok.stdout).toMatch(
        /^Assinaturas vencidas: \d+; renovadas: \d+; mudanças de plano aplicadas: \d+; encerradas: \d+; renovações recusadas: \d+/,
      )
      const refused = await run(student.token)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('Acesso negado')
    } finally {
      await new Promise((r) => server.close(r))
      fs.rmSync(configHome, { recursive: true, force: true })
    }
  })
})
