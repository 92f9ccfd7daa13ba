import type { SettingsTabData } from './settings.server'

// Contract with route.tsx: the Configurações tab's panel. The account-settings work replaces it.
export function SettingsTab(_props: { data: SettingsTabData }) {
  return null
}
