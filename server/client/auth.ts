import type { ApiClient } from './core'

/** The signed-in user as the API reports it (GET /auth/me → data). */
export type ApiUser = {
  id: string
  email: string
  name: string
  phone: string | null
  avatar_url: string | null
  mascot: string | null
  plan_name: string
  is_admin: boolean
  requires_password_reset: boolean
}

export type MeResponse = { success: true; data: ApiUser }

export function getMe(client: ApiClient) {
  return client.get<MeResponse>('/auth/me')
}
