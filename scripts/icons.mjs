// Draws the app's PNG icons for the web app manifest (issue 39): the favicon's blue square with a
// white target ("Sua aprovação é nossa meta"), no image library and no network. Run once:
// `node scripts/icons.mjs`; the PNGs are committed under public/icons/.
import fs from 'node:fs'
import zlib from 'node:zlib'

const BLUE = [0x25, 0x47, 0xea]
const WHITE = [0xff, 0xff, 0xff]

function crc32(buf) {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A size×size PNG: blue, with white rings at the centre (within the maskable safe zone). */
function icon(size) {
  const rows = []
  const c = size / 2
  for (let y = 0; y < size; y++) {
    const row = [0]
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - c, y + 0.5 - c) / size
      const white = (r < 0.3 && r > 0.22) || (r < 0.15 && r > 0.08) || r < 0.03
      row.push(...(white ? WHITE : BLUE))
    }
    rows.push(Buffer.from(row))
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

for (const size of [192, 512]) fs.writeFileSync(`public/icons/icon-${size}.png`, icon(size))
