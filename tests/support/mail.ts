import fs from 'node:fs'
import path from 'node:path'

/** Decodes a quoted-printable body enough to read the text nodemailer wrote. */
export function decodeQuotedPrintable(raw: string) {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(ch, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The .eml files in an outbox addressed to `to`, oldest first. */
export function mailsTo(outbox: string, to: string) {
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((text) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text))
}

/** The temporary password of the newest mail to `to`. */
export function temporaryPasswordFrom(outbox: string, to: string) {
  const mails = mailsTo(outbox, to)
  const match = /SENHA: (\S+)/.exec(mails.at(-1) ?? '')
  return match?.[1] ?? null
}
