import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Credentials = { api: string; token: string; email: string; savedAt: string }

/** $XDG_CONFIG_HOME/gabarita/credentials.json, else ~/.config/gabarita/credentials.json. */
export function credentialsPath() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config')
  return path.join(base, 'gabarita', 'credentials.json')
}

export function readCredentials(): Credentials | null {
  try {
    return JSON.parse(fs.readFileSync(credentialsPath(), 'utf8')) as Credentials
  } catch {
    return null
  }
}

/** The token is a secret: the directory is 0700 and the file 0600, even if they existed before. */
export function saveCredentials(credentials: Credentials) {
  const file = credentialsPath()
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  fs.chmodSync(file, 0o600)
  return file
}
