import type { AccountJson } from '#server/features/profile/contract'
import { getTheme } from '~/utils/theme.server'

// The Configurações tab's data. Preferences come from GET /profile as stored
// (notifications_enabled is never forced on: the spec's "always true when the form loads"
// defect stays fixed); the theme from its cookie.

/** From a GET /profile answer the dashboard already has. */
export async function settingsFrom(request: Request, { user, profile }: Pick<AccountJson, 'user' | 'profile'>) {
  return {
    notificationsEnabled: profile.notifications_enabled,
    rankingOptOut: profile.ranking_opt_out,
    theme: await getTheme(request),
    user: { name: user.name, mascot: user.mascot, avatarUrl: user.avatar_url },
  }
}

export type SettingsTabData = Awaited<ReturnType<typeof settingsFrom>>
