import type { ApiProfileJson, ApiUserJson } from '../domain/auth/accounts'
import type { Policy } from '../domain/policy'
import type { ApiClient } from './core'

// Typed calls of the profile API (server/api/profile.ts). The auth routes are on contracts
// (server/features/auth/contract.ts); this module goes when /profile moves too.

export type ApiUser = ApiUserJson
export type ApiProfile = ApiProfileJson

/** The plan policy as GET /profile reports it (server/domain/policy.ts). */
export type ApiPolicy = Policy

export type MessageResponse = { success: boolean; message: string }
export type ProfileResponse = { user: ApiUser; profile: ApiProfile; policy: ApiPolicy }
export type ProfileUpdate = Partial<Omit<ApiProfile, 'notifications_enabled' | 'ranking_opt_out'>> & {
  notifications_enabled?: boolean
  ranking_opt_out?: boolean
  name?: string
  phone?: string | null
  mascot?: string | null
}

export function getProfile(client: ApiClient) {
  return client.get<ProfileResponse>('/profile')
}

export function updateProfile(client: ApiClient, body: ProfileUpdate) {
  return client.put<ProfileResponse & MessageResponse>('/profile', { json: body })
}
