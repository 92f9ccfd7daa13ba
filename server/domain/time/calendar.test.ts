import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, userDayStats, userWeekStats } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { insertQuestions } from '../../../tests/support/questions'
import { addDays, monthOf, spDay, spDaysBetween, spMidnight, spMidnightSql, weekStart } from './calendar'

// The São Paulo calendar is written twice: here, and in the trigger that keeps the dashboard's
// days and the ranking's weeks (server/db/sql/004-user-stats.sql). The second half of this file
// answers the same instants through both and compares them.

// Around the edges: São Paulo midnights, a Sunday night into Monday, a month's last night, and
// 2018's daylight-saving time (São Paulo was at -02:00 from 4 November 2018 to 17 February 2019).
const INSTANTS = [
  '2026-12-07T02:59:59Z', // Sunday 6 December, 23:59:59 in São Paulo
  '2026-12-07T03:00:00Z', // Monday 7 December, 00:00
  '2026-11-30T02:30:00Z', // Sunday 29 November
  '2026-12-01T02:59:00Z', // 30 November, 23:59
  '2027-01-01T02:59:00Z', // New Year's Eve
  '2018-11-04T02:30:00Z', // Saturday 3 November 2018, 23:30 (-03:00)
  '2018-11-04T03:30:00Z', // Sunday 4 November 2018, 01:30 (-02:00: midnight was skipped)
  '2019-02-17T01:30:00Z', // Saturday 16 February 2019, 23:30 (-02:00)
  '2019-02-17T02:30:00Z', // Saturday 16 February 2019, 23:30 again (-03:00)
  '2019-02-17T03:00:00Z', // Sunday 17 February 2019, 00:00
]

describe('the calendar', () => {
  it('names São Paulo’s day, its week (from Monday) and its month', () => {
    expect(spDay(new Date('2026-12-07T02:59:59Z'))).toBe('2026-12-06')
    expect(spDay(new Date('2026-12-07T03:00:00Z'))).toBe('2026-12-07')
    expect(weekStart(new Date('2026-12-07T02:59:59Z'))).toBe('2026-11-30')
    expect(weekStart(new Date('2026-12-07T03:00:00Z'))).toBe('2026-12-07')
    expect(monthOf(new Date('2026-12-31T12:00:00Z'))).toEqual({ start: '2026-12-01', next: '2027-01-01' })
    expect(monthOf(new Date('2027-01-01T02:59:00Z'))).toEqual({ start: '2026-12-01', next: '2027-01-01' })
  })

  it('counts days and finds the instant a day begins, with or without daylight-saving time', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(spMidnight('2026-12-07').toISOString()).toBe('2026-12-07T03:00:00.000Z')
    expect(spMidnight('2019-01-10').toISOString()).toBe('2019-01-10T02:00:00.000Z')
    expect(spDaysBetween(new Date('2026-12-07T02:59:59Z'), new Date('2026-12-07T03:00:00Z'))).toBe(1)
  })
})

describe('the database’s calendar is the same one', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  let userId: string
  let questionId: number
  beforeAll(async () => {
    t = await createTestContext()
    userId = (await createTestUser(t.ctx)).user.id
    const { questions } = await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Uma questão qualquer.' }])
    questionId = questions[0]!.id
  })
  afterAll(() => t.close())

  it('files each answer under the day and the week this module names', async () => {
    for (const at of INSTANTS) {
      const [row] = await t.db
        .insert(attempts)
        .values({ userId, questionId, answer: 'A', correct: false, createdAt: new Date(at) })
        .returning({ id: attempts.id })
      const day = spDay(new Date(at))
      const week = weekStart(new Date(at))
      const [dayRow] = await t.db
        .select({ attempts: userDayStats.attempts })
        .from(userDayStats)
        .where(and(eq(userDayStats.userId, userId), eq(userDayStats.day, day)))
      const [weekRow] = await t.db
        .select({ answers: userWeekStats.answers })
        .from(userWeekStats)
        .where(and(eq(userWeekStats.userId, userId), eq(userWeekStats.week, week)))
      expect({ at, day: dayRow?.attempts, week: weekRow?.answers }).toEqual({ at, day: 1, week: 1 })
      // Taken back out, so that the next instant's rows are its own.
      await t.db.delete(attempts).where(eq(attempts.id, row!.id))
    }
  })

  it('begins each day at the instant this module says', async () => {
    for (const day of ['2026-12-07', '2019-01-10', '2018-11-04', '2018-11-05', '2019-02-16', '2019-02-17']) {
      const result = (await t.db.execute(sql`SELECT ${spMidnightSql(day)} AS at`)) as unknown as { rows: { at: string | Date }[] }
      expect(new Date(result.rows[0]!.at).toISOString(), day).toBe(spMidnight(day).toISOString())
    }
  })
})
