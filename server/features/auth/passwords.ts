import crypto from 'node:crypto'

import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults: 19 MiB, t=2, p=1 (OWASP's recommended minimum), ≈15 ms here.
const OPTIONS = { algorithm: 2 } as const // Algorithm.Argon2id (a const enum)

export function hashPassword(password: string) {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) return false
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// A real hash of a throwaway value: unknown emails still pay for one verify,
// so timing does not tell whether an account exists.
let dummyHash: Promise<string> | undefined
export async function burnVerify(password: string) {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  await verifyPassword(await dummyHash, password)
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'

/** A random temporary password (no look-alike characters), 12 characters ≈ 70 bits. */
export function generateTemporaryPassword(length = 12) {
  const bytes = crypto.randomBytes(length)
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length]
  return out
}
