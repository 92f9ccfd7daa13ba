import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { loadConfig } from '#server/config'
import type { AppContext } from '#server/context'
import { announcePaymentProvider, paymentProviderFor } from '#server/features/plans/registry'
import { SIGNATURE_HEADER, signBody, verifySignature } from '#server/features/plans/signature'

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-pay-'))
const SECRET = 'segredo-de-sessao-com-32-caracteres!!'

function recordingLogger() {
  const lines: { level: string; message: string }[] = []
  const log = (level: string) => (message: string) => lines.push({ level, message })
  return { lines, logger: { warn: log('warn'), info: log('info'), error: log('error') } as unknown as AppContext['logger'] }
}

describe('PAYMENT_PROVIDER and PAYMENT_WEBHOOK_SECRET', () => {
  it('default to the sandbox with a derived secret outside production', () => {
    const config = loadConfig({ DATA_DIR: dir(), SESSION_SECRET: SECRET })
    expect(config.paymentProvider).toBe('sandbox')
    expect(config.paymentWebhookSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dir(), SESSION_SECRET: SECRET }).paymentWebhookSecret).toBe(config.paymentWebhookSecret)
    expect(loadConfig({ DATA_DIR: dir(), SESSION_SECRET: SECRET, PAYMENT_PROVIDER: 'none' }).paymentProvider).toBeNull()
  })

  it('default to no provider in production, where a provider needs its webhook secret', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), SESSION_SECRET: SECRET }).paymentProvider).toBeNull()
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), SESSION_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET: obrigatório em produção/,
    )
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir(),
      SESSION_SECRET: SECRET,
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
    })
    expect(config).toMatchObject({ paymentProvider: 'sandbox', paymentWebhookSecret: 'w'.repeat(32) })
  })

  it('refuse an unknown provider and a short secret, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/)
    expect(() => loadConfig({ DATA_DIR: dir(), PAYMENT_WEBHOOK_SECRET: 'curto' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET: precisa de pelo menos 16/,
    )
  })

  it('log a loud warning when the sandbox runs in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir(),
      SESSION_SECRET: SECRET,
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
    })
    const { lines, logger } = recordingLogger()
    expect(announcePaymentProvider({ config, logger } as AppContext)?.name).toBe('sandbox')
    expect(lines).toHaveLength(1)
    expect(lines[0].level).toBe('warn')
    expect(lines[0].message).toContain('PAYMENT_PROVIDER=sandbox EM PRODUÇÃO')

    const dev = recordingLogger()
    announcePaymentProvider({ config: loadConfig({ DATA_DIR: dir(), SESSION_SECRET: SECRET }), logger: dev.logger } as AppContext)
    expect(dev.lines.filter((l) => l.level === 'warn')).toHaveLength(0)
    expect(
      paymentProviderFor(loadConfig({ DATA_DIR: dir(), SESSION_SECRET: SECRET, PAYMENT_PROVIDER: 'none' }), () => new Date()),
    ).toBeNull()
  })
})

describe('webhook signature', () => {
  it('is the HMAC-SHA256 of the exact bytes, compared whatever the case or length', () => {
    const body = Buffer.from('{"id":"evt_1"}')
    const header = signBody('chave-secreta-de-teste', body)
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verifySignature('chave-secreta-de-teste', body, { [SIGNATURE_HEADER]: header })).toBe(true)
    expect(verifySignature('chave-secreta-de-teste', body, { [SIGNATURE_HEADER]: header.toUpperCase().replace('SHA256', 'sha256') })).toBe(
      true,
    )
    expect(verifySignature('chave-secreta-de-teste', Buffer.from('{"id":"evt_2"}'), { [SIGNATURE_HEADER]: header })).toBe(false)
    expect(verifySignature('outra-chave', body, { [SIGNATURE_HEADER]: header })).toBe(false)
    expect(verifySignature('chave-secreta-de-teste', body, {})).toBe(false)
    expect(verifySignature('chave-secreta-de-teste', body, { [SIGNATURE_HEADER]: 'sha256=abc' })).toBe(false)
    expect(verifySignature('chave-secreta-de-teste', body, { [SIGNATURE_HEADER]: [header, header] as unknown as string })).toBe(false)
  })
})
