import { describe, expect, it } from 'vitest'

import { byUsefulness, usefulness } from './score'

// The order of the students' explanations (ADR 085): a small sample never jumps ahead.

describe('usefulness', () => {
  it('keeps one vote from one reader behind 40 of 45', () => {
    expect(usefulness(1, 1)).toBeLessThan(usefulness(40, 45))
    expect(usefulness(1, 1)).toBeCloseTo(0.207, 2)
    expect(usefulness(40, 45)).toBeCloseTo(0.766, 2)
  })

  it('is 0 for a text nobody read, and never counts fewer readers than votes', () => {
    expect(usefulness(0, 0)).toBe(0)
    expect(usefulness(0, 10)).toBe(0)
    expect(usefulness(3, 0)).toBe(usefulness(3, 3))
  })

  it('orders best first, then by votes, then the oldest', () => {
    const rows = [
      { id: 1, useful: 1, audience: 1, created_at: '2026-01-03T00:00:00.000Z' },
      { id: 2, useful: 40, audience: 45, created_at: '2026-01-02T00:00:00.000Z' },
      { id: 3, useful: 0, audience: 0, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 4, useful: 0, audience: 0, created_at: '2025-12-31T00:00:00.000Z' },
    ]
    expect(byUsefulness(rows).map((r) => r.id)).toEqual([2, 1, 4, 3])
  })
})
