import crypto from 'node:crypto'

import { renderSVG } from 'uqr'

// Pix (issue 28): the BR Code a payer's bank reads, and its QR image. The sandbox builds its
// own code in the format the Banco Central's "Manual de Padrões para Iniciação do Pix" sets
// (EMV QR Code, merchant-presented); a real provider hands us its code and we only draw it.

/** How long a Pix charge can be paid: the student is at the screen, so short, as banks use. */
export const PIX_TTL_MINUTES = 30
export const PIX_EXPIRED_REASON = `o prazo de ${PIX_TTL_MINUTES} minutos para pagar o Pix terminou.`

/** One EMV field: id, two-digit length, value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), the BR Code's field 63. */
export function crc16(text: string) {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** Letters and digits only, in upper case and without accents, cut to `max` (fields 59 and 60). */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .slice(0, max)

export type BrCodeInput = { key: string; amountCents: number; txid: string; merchantName: string; city: string }

/** The copia-e-cola text: what the QR code holds and what the student pastes into the bank app. */
export function brCode(input: BrCodeInput) {
  const payload =
    field('00', '01') +
    // 12: a single-use code (it carries an amount and a txid).
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.city, 15)) +
    field('62', field('05', input.txid))
  const withCrcId = `${payload}6304`
  return withCrcId + crc16(withCrcId)
}

/** A Pix txid: 25 letters and digits (the manual allows 26 to 35 for dynamic codes, up to 25 here). */
export function newTxid() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from(crypto.randomBytes(25), (b) => alphabet[b % alphabet.length]).join('')
}

/**
 * The QR image of a code, as a data: URL of an SVG we draw ourselves (uqr): the pages' CSP
 * allows `img-src data:`, and an <img> runs nothing from its SVG.
 */
export function qrCodeDataUrl(code: string) {
  const svg = renderSVG(code, { ecc: 'M', border: 2 })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
