import type { ApiProfileJson, ApiUserJson } from '../domain/auth/accounts'
import type { Policy } from '../domain/policy'
import type { ApiClient } from './core'

/** The signed-in user as the API reports it (GET /auth/me → data). */
export type ApiUser = ApiUserJson

export type MeResponse = { success: true; data: ApiUser }

export function getMe(client: ApiClient) {
  return client.get<MeResponse>('/auth/me')
}

// Typed calls of the accounts API (server/api/auth.ts; /profile is server/features/profile/contract.ts).

export type ApiProfile = ApiProfileJson

/** The plan policy as GET /profile reports it (server/domain/policy.ts). */
export type ApiPolicy = Policy

export type LoginResponse = {
  token: string
  user: ApiUser
  profile: ApiProfile
  policy: ApiPolicy
  requires_password_reset: boolean
  message: string
}
export type RegisterResponse = { token: string; user: ApiUser; policy: ApiPolicy; message: string }
export type MessageResponse = { success: boolean; message: string }
export type PasswordChange = { new_password: string; confirm_password: string; current_password?: string }

export function register(client: ApiClient, body: { name: string; email: string; phone?: string | null; password: string }) {
  return client.post<RegisterResponse>('/auth/register', { json: body })
}

export function login(client: ApiClient, body: { email: string; password: string; remember?: boolean }) {
  return client.post<LoginResponse>('/auth/login', { json: body })
}

export function logout(client: ApiClient) {
  return client.post<MessageResponse>('/auth/logout')
}

export function forgotPassword(client: ApiClient, email: string) {
  return client.post<MessageResponse>('/auth/forgot-password', { json: { email } })
}

export function changePassword(client: ApiClient, body: PasswordChange) {
  return client.put<MessageResponse>('/auth/change-password', { json: body })
}

export function changeTemporaryPassword(client: ApiClient, body: PasswordChange) {
  return client.put<MessageResponse>('/auth/change-temporary-password', { json: body })
}

export async function googleAuthUrl(client: ApiClient) {
  const body = await client.get<{ auth_url?: string; data?: { auth_url?: string } }>('/auth/google')
  return body.auth_url ?? body.data?.auth_url ?? null
}

export function googleCallback(client: ApiClient, params: Record<string, string>) {
  return client.get<{
    success: boolean
    data: { token: string; is_new_user: boolean; requires_password_reset: boolean; password_removed: boolean }
  }>('/auth/google/callback', { query: params })
}
