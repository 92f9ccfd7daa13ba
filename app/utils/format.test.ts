import { describe, expect, it } from 'vitest'

import { formatCalendarDay, formatDate, formatDateTime, formatNumber, formatShortDate } from './format'

// What a student reads on every page: one date shape and one date-time shape, in São Paulo time
// whatever the server's zone.

describe('pt-BR formatting', () => {
  it('shows a day as dd/mm/aaaa in São Paulo time (02:30 UTC is still the day before there)', () => {
    expect(formatDate('2026-11-25T02:30:00Z')).toBe('24/11/2026')
    expect(formatDate('2026-11-25T15:00:00Z')).toBe('25/11/2026')
  })

  it('shows a moment as dd/mm/aaaa HH:mm with a 24-hour clock and no comma', () => {
    expect(formatDateTime('2026-11-25T03:05:00Z')).toBe('25/11/2026 00:05')
    expect(formatDateTime('2026-11-25T21:40:00Z')).toBe('25/11/2026 18:40')
  })

  it('shows a recent day as dd/mm, and the year only before the current one', () => {
    const now = new Date('2026-12-01T12:00:00Z')
    expect(formatShortDate('2026-11-25T02:30:00Z', now)).toBe('24/11')
    expect(formatShortDate('2025-11-24T15:00:00Z', now)).toBe('24/11/2025')
    expect(formatShortDate(null, now)).toBe('')
  })

  it('answers the given placeholder for a missing or broken date', () => {
    expect(formatDate(null)).toBe('N/A')
    expect(formatDateTime('ontem', '—')).toBe('—')
  })

  it('reads a calendar day as that day, not the day before', () => {
    expect(formatCalendarDay('2026-03-01')).toBe('01/03/2026')
    expect(formatCalendarDay('2026-12-31')).toBe('31/12/2026')
    expect(formatCalendarDay('2026-02-30')).toBe(formatDate('2026-02-30T12:00:00Z'))
    expect(formatCalendarDay('ontem')).toBe('N/A')
  })

  it('groups thousands with a dot', () => {
    expect(formatNumber(100000)).toBe('100.000')
  })

  it('writes whole numbers as pt-BR Intl does, without building its formatter', () => {
    const intl = new Intl.NumberFormat('pt-BR')
    for (const n of [0, 7, 12, 999, 1000, 1234, 99999, 100000, 1234567, -1, -1234, -987654321, Number.MAX_SAFE_INTEGER])
      expect(formatNumber(n)).toBe(intl.format(n))
    expect(formatNumber(1234.5)).toBe('1.234,5')
  })
})
