import { beforeAll, describe, expect, it } from 'vitest'

import type * as SessionModule from '~/utils/session.server'

let mod: typeof SessionModule
beforeAll(async () => {
  process.env.SESSION_SECRET = 'session-test-secret-0123456789abcdef'
  mod = await import('~/utils/session.server')
})

describe('safeRedirect keeps every target on this site', () => {
  it.each([
    '/\t/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D%0A/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/\u0000',
    '',
  ])('refuses %j', (target) => {
    expect(mod.safeRedirect(target, '/dashboard')).toBe('/dashboard')
  })

  it('keeps a same-site path with its query and hash', () => {
    expect(mod.safeRedirect('/questoes?q=direito%20civil&page=2#questao-3')).toBe('/questoes?q=direito%20civil&page=2#questao-3')
    expect(mod.safeRedirect(null, '/login')).toBe('/login')
  })
})

describe('the API token in the session cookie', () => {
  it('is sealed: the cookie text never holds it, and only our key opens it', () => {
    const token = 'gbt_0123456789abcdef0123456789abcdef'
    const sealed = mod.sealToken(token)
    expect(sealed).not.toContain(token)
    expect(Buffer.from(sealed.split('.')[2], 'base64url').toString('utf8')).not.toContain('gbt_')
    expect(mod.unsealToken(sealed)).toBe(token)
    // Flip one bit of the tag's first byte (its last base64 character may carry only padding bits).
    const [version, iv, data, tag] = sealed.split('.')
    const forged = Buffer.from(tag, 'base64url')
    forged[0] ^= 1
    expect(mod.unsealToken([version, iv, data, forged.toString('base64url')].join('.'))).toBeNull()
    expect(mod.unsealToken(token)).toBeNull()
    expect(mod.unsealToken(undefined)).toBeNull()
  })
})
