import { describe, expect, it } from 'vitest'

import { elapsedMs, systemClock } from './clock'

describe('the one clock', () => {
  it('reads the machine’s time, moved by the offset the config allows outside production', () => {
    const before = Date.now()
    const now = systemClock()().getTime()
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now - before).toBeLessThan(1_000)
    const day = 86_400_000
    expect(systemClock(day)().getTime() - Date.now()).toBeGreaterThan(day - 1_000)
  })

  it('times durations with a timer that never goes back', () => {
    const a = elapsedMs()
    const b = elapsedMs()
    expect(b).toBeGreaterThanOrEqual(a)
  })
})
