import { getConfig } from '#server/config'

/** Server-only configuration for the Remix side (validated once by server/config.ts). */
export function webConfig() {
  const config = getConfig()
  return {
    apiUrl: process.env.API_URL ?? config.apiUrl,
    sessionSecret: process.env.SESSION_SECRET ?? config.sessionSecret,
    isProduction: config.isProduction,
  }
}
