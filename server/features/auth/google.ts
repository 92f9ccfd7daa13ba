import crypto from 'node:crypto'

import { eq } from 'drizzle-orm'
import * as oidc from 'openid-client'

import { createApiToken, revokeAllTokens } from '../../api/session'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'
import { AccountError, createUser, findUserByEmail } from './accounts'
import { GOOGLE_MESSAGES } from './messages'

// Google login through OpenID Connect (authorization code + PKCE). The API keeps no
// server-side state between the two steps: `state` carries the PKCE verifier and the
// nonce, signed with the session secret and valid for 10 minutes.

const STATE_TTL_MS = 10 * 60 * 1000

type Settings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string }

export function googleSettings(ctx: AppContext): Settings | null {
  const { GOOGLE_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REDIRECT_URI, PUBLIC_URL, PORT } = ctx.config
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET) return null
  const base = (PUBLIC_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '')
  return {
    issuer: GOOGLE_ISSUER ?? 'https://accounts.google.com',
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUri: GOOGLE_REDIRECT_URI ?? `${base}/auth/google/callback`,
  }
}

const discovered = new Map<string, Promise<oidc.Configuration>>()

function configuration(settings: Settings) {
  const key = `${settings.issuer}|${settings.clientId}`
  let found = discovered.get(key)
  if (!found) {
    const url = new URL(settings.issuer)
    found = oidc.discovery(url, settings.clientId, settings.clientSecret, undefined, {
      // A local provider (development, tests) speaks plain http.
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    })
    // A failed discovery is retried on the next attempt, not cached.
    found.catch(() => discovered.delete(key))
    discovered.set(key, found)
  }
  return found
}

function sign(ctx: AppContext, payload: string) {
  return crypto.createHmac('sha256', ctx.config.sessionSecret).update(payload).digest('base64url')
}

function packState(ctx: AppContext, data: { verifier: string; nonce: string }) {
  const payload = Buffer.from(JSON.stringify({ ...data, exp: ctx.clock().getTime() + STATE_TTL_MS, r: oidc.randomState() })).toString(
    'base64url',
  )
  return `${payload}.${sign(ctx, payload)}`
}

function unpackState(ctx: AppContext, state: string) {
  const [payload, signature] = state.split('.')
  if (!payload || !signature) return null
  const expected = sign(ctx, payload)
  if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { verifier: string; nonce: string; exp: number }
    return data.exp > ctx.clock().getTime() ? data : null
  } catch {
    return null
  }
}

function requireSettings(ctx: AppContext) {
  const settings = googleSettings(ctx)
  if (!settings) throw new AccountError(503, GOOGLE_MESSAGES.notConfigured)
  return settings
}

export async function googleAuthUrl(ctx: AppContext) {
  const settings = requireSettings(ctx)
  let config: oidc.Configuration
  try {
    config = await configuration(settings)
  } catch (error) {
    ctx.logger.warn({ err: error }, 'descoberta OIDC do Google falhou')
    throw new AccountError(502, GOOGLE_MESSAGES.startFailed)
  }
  const verifier = oidc.randomPKCECodeVerifier()
  const nonce = oidc.randomNonce()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state: packState(ctx, { verifier, nonce }),
  })
  return url.href
}

/**
 * Exchanges the code; finds the user by Google subject, then by email, else creates one.
 * Linking an account found by email drops the password it had and ends its sessions: signing
 * up asks for no proof of owning the address, so that password may be someone else's, waiting
 * for the owner to arrive through Google (a pre-hijacked account). Google has just proved who
 * owns it; the owner may set a password again on the profile page.
 */
export async function googleCallback(ctx: AppContext, params: Record<string, string>) {
  const settings = requireSettings(ctx)
  const state = params.state ? unpackState(ctx, params.state) : null
  if (!params.code || !state) throw new AccountError(400, GOOGLE_MESSAGES.invalidCallback)
  let claims: { sub: string; email?: unknown; name?: unknown; email_verified?: unknown }
  try {
    const config = await configuration(settings)
    const current = new URL(settings.redirectUri)
    for (const [key, value] of Object.entries(params)) current.searchParams.set(key, value)
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: state.verifier,
      expectedNonce: state.nonce,
      expectedState: params.state,
      idTokenExpected: true,
    })
    const idClaims = tokens.claims()
    if (!idClaims) throw new Error('sem id_token')
    claims = idClaims as typeof claims
    if (typeof claims.email !== 'string') {
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) }
    }
  } catch (error) {
    ctx.logger.warn({ err: error }, 'troca do código do Google falhou')
    throw new AccountError(401, GOOGLE_MESSAGES.callbackFailed)
  }
  if (typeof claims.email !== 'string' || claims.email_verified === false) throw new AccountError(401, GOOGLE_MESSAGES.callbackFailed)

  const email = claims.email
  let [user] = await ctx.db.select().from(users).where(eq(users.googleSub, claims.sub)).limit(1)
  let isNewUser = false
  let passwordRemoved = false
  if (!user) {
    const byEmail = await findUserByEmail(ctx.db, email)
    if (byEmail) {
      passwordRemoved = byEmail.passwordHash !== null || byEmail.tempPasswordHash !== null
      user = await ctx.db.transaction(async (tx) => {
        const [linked] = await tx
          .update(users)
          .set({
            googleSub: claims.sub,
            passwordHash: null,
            tempPasswordHash: null,
            tempPasswordExpiresAt: null,
            requiresPasswordReset: false,
            updatedAt: ctx.clock(),
          })
          .where(eq(users.id, byEmail.id))
          .returning()
        await revokeAllTokens(tx, byEmail.id, ctx.clock())
        return linked
      })
    } else {
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : email.split('@')[0]
      user = await createUser(ctx.db, { name, email, googleSub: claims.sub })
      isNewUser = true
    }
  }
  const { token } = await createApiToken(ctx.db, user.id, ctx.clock(), { remember: true })
  return { token, isNewUser, passwordRemoved, user }
}
