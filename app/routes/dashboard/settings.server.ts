import type { AppLoadContext } from '@remix-run/node'

// Contract with route.tsx (owned by the dashboard-tabs work): the Configurações tab's data.
// The account-settings work replaces this body (preferences, export, deletion).
export async function loadSettingsTab(_request: Request, _context: AppLoadContext) {
  return {}
}

export type SettingsTabData = Awaited<ReturnType<typeof loadSettingsTab>>
