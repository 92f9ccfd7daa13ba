import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import type { Transporter } from 'nodemailer'
import nodemailer from 'nodemailer'

import type { AppContext } from './context'

export type MailMessage = { to: string; subject: string; text: string }

const transports = new WeakMap<AppContext, Transporter>()

function transportFor(ctx: AppContext) {
  let transport = transports.get(ctx)
  if (!transport) {
    transport = ctx.config.SMTP_URL
      ? nodemailer.createTransport(ctx.config.SMTP_URL)
      : // No SMTP: build the raw message and keep it as a .eml file in the outbox.
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    transports.set(ctx, transport)
  }
  return transport
}

/** The folder the default transport writes to (one .eml per message). */
export function outboxDir(ctx: AppContext) {
  return path.join(ctx.config.dataDir, 'outbox')
}

/** Sends through SMTP when SMTP_URL is set; otherwise writes DATA_DIR/outbox/*.eml. */
export async function sendMail(ctx: AppContext, message: MailMessage) {
  const info = await transportFor(ctx).sendMail({ from: ctx.config.MAIL_FROM, ...message })
  if (ctx.config.SMTP_URL) {
    ctx.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'email enviado por SMTP')
    return { file: null }
  }
  const dir = outboxDir(ctx)
  await fs.mkdir(dir, { recursive: true })
  const stamp = ctx.clock().toISOString().replace(/[:.]/g, '-')
  const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`)
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 })
  ctx.logger.info({ to: message.to, subject: message.subject, file }, 'email gravado na caixa de saída')
  return { file }
}
