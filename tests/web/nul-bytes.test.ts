import { Readable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { withoutNulBytes } from '~/entry.server'

// React 18.3's Node writer left a NUL byte before a multi-byte character on a 2,048-byte
// boundary ('Notifica\0ções', seen in the admin page's toast region): the HTML stream drops them.
describe('the HTML stream', () => {
  it('drops NUL bytes and keeps every other byte, multi-byte characters whole', async () => {
    const chunks = [Buffer.from('aria-label="Notifica\0'), Buffer.from('ções" e mais '), Buffer.from('texto sem nada')]
    const out: Buffer[] = []
    for await (const chunk of Readable.from(chunks).pipe(withoutNulBytes())) out.push(chunk as Buffer)
    expect(Buffer.concat(out).toString('utf8')).toBe('aria-label="Notificações" e mais texto sem nada')
  })
})
