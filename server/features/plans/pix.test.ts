import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { payments, users } from '#server/db/schema'
import { brCode, crc16, PIX_TTL_MINUTES } from '#server/features/plans/pix'
import { sandboxWebhook } from '#server/features/plans/sandbox-provider'

import type { TestContext } from '../../../tests/api/billing-helpers'
import { buy, decide, setNow, startCheckout } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// Issue 28: Pix through the sandbox provider (a BR Code and its QR image, a 30-minute deadline,
// confirmed only by the signed webhook) and a receipt per approved payment, owner only.

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())
afterEach(() => setNow(t, undefined))

const api = () => contractRequest(t.app)
const planOf = async (id: string) => (await t.db.select({ plan: users.planName }).from(users).where(eq(users.id, id)))[0].plan
const paymentOf = async (checkoutId: string) => (await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]
const webhook = async (checkoutId: string, secret = t.ctx.config.paymentWebhookSecret) => {
  const p = await paymentOf(checkoutId)
  const event = sandboxWebhook(
    secret,
    { checkoutId, providerRef: p.providerRef!, amountCents: p.amountCents, method: p.method },
    'approve',
    new Date(),
  )
  return {
    event,
    send: (headers: Record<string, string> = event.headers) =>
      api().post('/api/v1/billing/webhook').set(headers).send(event.body.toString('utf8')),
  }
}

/** The EMV fields of a BR Code, by id (one level). */
function fields(code: string) {
  const out: Record<string, string> = {}
  for (let i = 0; i < code.length;) {
    const id = code.slice(i, i + 2)
    const length = Number(code.slice(i + 2, i + 4))
    out[id] = code.slice(i + 4, i + 4 + length)
    i += 4 + length
  }
  return out
}

describe('the BR Code', () => {
  it('carries the key, amount, merchant and txid, and ends with a CRC16 of everything before it', () => {
    const code = brCode({ key: 'chave-teste', amountCents: 3500, txid: 'ABC123', merchantName: 'Gabarita Ção', city: 'São Paulo' })
    const f = fields(code)
    expect(f['00']).toBe('01')
    expect(f['26']).toBe('0014br.gov.bcb.pix0111chave-teste')
    expect(f['53']).toBe('986')
    expect(f['54']).toBe('35.00')
    expect(f['58']).toBe('BR')
    expect(f['59']).toBe('GABARITA CAO')
    expect(f['60']).toBe('SAO PAULO')
    expect(f['62']).toBe('0506ABC123')
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
    // The check value of CRC-16/CCITT-FALSE.
    expect(crc16('123456789')).toBe('29B1')
  })
})

describe('a Pix checkout', () => {
  it('creates a charge with a copia-e-cola code and a QR image, and the browser waits on our page', async () => {
    const s = await createTestUser(t.ctx)
    const now = new Date('2026-12-01T12:00:00Z')
    setNow(t, now)
    const started = await startCheckout(t, s.auth, 'PREMIUM', 'pix')
    expect(started.redirect_url).toBe(`/trocar-plano/pix?checkout=${started.checkout_id}`)
    expect(started.checkout).toMatchObject({ method: 'pix', method_label: 'Pix', status: 'pending', status_label: 'Aguardando pagamento' })
    expect(started.checkout.expires_at).toBe(new Date(now.getTime() + PIX_TTL_MINUTES * 60_000).toISOString())

    const res = await api().get(`/api/v1/billing/checkouts/${started.checkout_id}/pix`).set(s.auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ expired: false, simulator_url: `/sandbox-pagamentos/${started.checkout_id}` })
    const f = fields(res.body.copia_e_cola)
    expect(f['54']).toBe('35.00')
    expect(f['62']).toMatch(/^0525[A-Z0-9]{25}$/)
    expect(res.body.qr_code_data_url).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(res.body.qr_code_data_url.split(',')[1], 'base64').toString()).toContain('<svg')
    expect(await planOf(s.user.id)).toBe('GRATUITO')
  })

  it("another user's charge, a card checkout and a malformed id are 404 in Portuguese", async () => {
    const owner = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    const { checkout_id } = await startCheckout(t, owner.auth, 'BASICO', 'pix')
    const stranger = await api().get(`/api/v1/billing/checkouts/${checkout_id}/pix`).set(other.auth)
    expect(stranger.status).toBe(404)
    expect(stranger.body).toEqual({ error: 'Cobrança Pix não encontrada.' })
    expect((await api().get(`/api/v1/billing/checkouts/${checkout_id}`).set(other.auth)).status).toBe(404)
    const card = await startCheckout(t, other.auth, 'BASICO', 'credit_card')
    expect((await api().get(`/api/v1/billing/checkouts/${card.checkout_id}/pix`).set(other.auth)).status).toBe(404)
    expect((await api().get('/api/v1/billing/checkouts/nao-e-um-id/pix').set(other.auth)).status).toBe(404)
    expect((await api().get(`/api/v1/billing/checkouts/${checkout_id}/pix`)).status).toBe(401)
  })

  it('an unknown method is refused with a Portuguese message', async () => {
    const s = await createTestUser(t.ctx)
    const res = await api().post('/api/v1/billing/checkout').set(s.auth).send({ plan_name: 'PRO', method: 'boleto' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('Escolha uma forma de pagamento.')
  })

  it('is paid only through the signed webhook: unsigned changes nothing, signed approves it', async () => {
    const s = await createTestUser(t.ctx)
    const { checkout_id } = await startCheckout(t, s.auth, 'PRO', 'pix')
    const { event, send } = await webhook(checkout_id)
    const unsigned = await send({ 'content-type': 'application/json' })
    expect(unsigned.status).toBe(400)
    expect(unsigned.body).toEqual({ error: 'Assinatura do webhook inválida.' })
    const forged = await (await webhook(checkout_id, 'uma-chave-que-nao-e-a-nossa')).send()
    expect(forged.status).toBe(400)
    expect((await paymentOf(checkout_id)).status).toBe('pending')
    expect(await planOf(s.user.id)).toBe('GRATUITO')

    const ok = await send(event.headers)
    expect(ok.body).toEqual({ received: true, status: 'processed', payment_status: 'approved' })
    expect(await planOf(s.user.id)).toBe('PRO')
    const status = await api().get(`/api/v1/billing/checkouts/${checkout_id}`).set(s.auth)
    expect(status.body).toMatchObject({ status: 'approved', message: 'Pagamento aprovado! Seu plano agora é o Pro.' })
  })

  it('expires after 30 minutes: it cannot be paid any more, and a late payment is refunded', async () => {
    const s = await createTestUser(t.ctx)
    const start = new Date('2026-12-02T12:00:00Z')
    setNow(t, start)
    const { checkout_id } = await startCheckout(t, s.auth, 'PREMIUM', 'pix')
    setNow(t, new Date(start.getTime() + 29 * 60_000))
    expect((await api().get(`/api/v1/billing/checkouts/${checkout_id}/pix`).set(s.auth)).body.expired).toBe(false)

    setNow(t, new Date(start.getTime() + 31 * 60_000))
    const late = await webhook(checkout_id)
    const res = await api().get(`/api/v1/billing/checkouts/${checkout_id}/pix`).set(s.auth)
    // Nobody refused it: it expired, and says so (issue 37 §5: the payments list said 'Recusado').
    expect(res.body).toMatchObject({ expired: true, checkout: { status: 'declined', status_label: 'Expirado' } })
    expect(res.body.checkout.message).toBe(
      'Pagamento expirado: o prazo de 30 minutos para pagar o Pix terminou. Seu plano não mudou e nada foi cobrado.',
    )
    // The sandbox's bank no longer pays it.
    await decide(t, checkout_id, 'aprovar')
    expect((await paymentOf(checkout_id)).status).toBe('declined')
    // A provider that took the money anyway gives it back; the plan does not change.
    expect((await late.send()).body).toEqual({ received: true, status: 'processed', payment_status: 'refunded' })
    expect(await planOf(s.user.id)).toBe('GRATUITO')
    expect((await api().get(`/api/v1/billing/receipts/${checkout_id}`).set(s.auth)).status).toBe(404)
  })

  it('an abandoned charge shows as Expirado in the payments list once its deadline passed on the clock', async () => {
    const s = await createTestUser(t.ctx)
    const start = new Date('2026-12-04T12:00:00Z')
    setNow(t, start)
    const { checkout_id } = await startCheckout(t, s.auth, 'BASICO', 'pix')
    const listed = async () => (await api().get('/api/v1/billing/payments').set(s.auth)).body.data[0]
    setNow(t, new Date(start.getTime() + 29 * 60_000))
    expect(await listed()).toMatchObject({ checkout_id, status: 'pending', status_label: 'Aguardando pagamento' })
    // Never opened again: the list itself closes it, by the same clock.
    setNow(t, new Date(start.getTime() + 31 * 60_000))
    expect(await listed()).toMatchObject({ checkout_id, status: 'declined', status_label: 'Expirado' })
  })

  it('an unread expired charge is closed before a late webhook applies it', async () => {
    const s = await createTestUser(t.ctx)
    const start = new Date('2026-12-03T12:00:00Z')
    setNow(t, start)
    const { checkout_id } = await startCheckout(t, s.auth, 'BASICO', 'pix')
    setNow(t, new Date(start.getTime() + 45 * 60_000))
    expect((await (await webhook(checkout_id)).send()).body).toMatchObject({ status: 'processed', payment_status: 'refunded' })
    expect(await planOf(s.user.id)).toBe('GRATUITO')
  })
})

describe('receipts', () => {
  it('an approved payment has a receipt: plan, date, method, amount and period; owner only', async () => {
    const s = await createTestUser(t.ctx, { name: 'Ana Recibo' })
    const other = await createTestUser(t.ctx)
    const paidAt = new Date('2027-01-31T15:00:00Z')
    setNow(t, paidAt)
    const checkoutId = await buy(t, s.auth, 'PREMIUM', 'pix')
    const res = await api().get(`/api/v1/billing/receipts/${checkoutId}`).set(s.auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      checkout_id: checkoutId,
      kind: 'checkout',
      plan: 'Premium',
      amount_cents: 3500,
      method: 'pix',
      method_label: 'Pix',
      paid_at: paidAt.toISOString(),
      period_start: paidAt.toISOString(),
      period_end: '2027-02-28T15:00:00.000Z',
      payer: { name: 'Ana Recibo', email: s.user.email },
    })
    expect(res.body.number).toMatch(/^GAB-\d{6,}$/)

    const stranger = await api().get(`/api/v1/billing/receipts/${checkoutId}`).set(other.auth)
    expect(stranger.status).toBe(404)
    expect(stranger.body).toEqual({ error: 'Recibo não encontrado.' })
    expect((await api().get('/api/v1/billing/receipts/x').set(s.auth)).status).toBe(404)

    // A pending payment has none yet; a card payment has one too.
    const pending = await startCheckout(t, other.auth, 'PRO', 'credit_card')
    expect((await api().get(`/api/v1/billing/receipts/${pending.checkout_id}`).set(other.auth)).status).toBe(404)
    await decide(t, pending.checkout_id, 'aprovar')
    const card = await api().get(`/api/v1/billing/receipts/${pending.checkout_id}`).set(other.auth)
    expect(card.body).toMatchObject({ method_label: 'Cartão de Crédito', plan: 'Pro' })

    // The student's list says which is which; the export carries the receipts.
    const list = await api().get('/api/v1/billing/payments').set(s.auth)
    expect(list.body.data[0]).toMatchObject({ checkout_id: checkoutId, status_label: 'Aprovado', method_label: 'Pix' })
    const exported = await api().get('/api/v1/me/export').set(s.auth)
    expect(exported.status).toBe(200)
    expect(exported.body.receipts).toEqual([res.body])
    expect(exported.body.payments[0]).toMatchObject({ method: 'pix', checkoutId })
  })
})
