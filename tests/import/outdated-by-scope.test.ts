import fs from 'node:fs'
import path from 'node:path'

import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions } from '#server/db/schema'
import { importExamBytes } from '#server/domain/import/importer'
import { loadCards } from '#server/domain/questions/search'

import { createTestContext } from '../support/context'
import { OAB_DIR } from '../support/oab'

// Issue 63 §2 on the nine real exams: "Pode estar desatualizada" from what a question cites or is
// about. The fixture is a reading, one by one and before the scoped rule ran, of the 79 questions
// of the 2012 VIII and IX exams that the rule per discipline badged (every one of six disciplines).

type Reading = { change: string; justified: boolean; why: string }
const sample = JSON.parse(fs.readFileSync('tests/fixtures/outdated-sample.json', 'utf8')) as {
  also_justified: Record<string, string>
  questions: Record<string, Reading>
  later_seeds: { badges: Record<string, Reading & { answer_stands: boolean }> }
}
/** The changes migration 0026 seeded (ADR 091), read apart. */
const LATER = new Set(['Lei 14.365/2022', 'Lei 14.230/2021'])

let t: Awaited<ReturnType<typeof createTestContext>>
const idOf = new Map<string, number>()

beforeAll(async () => {
  t = await createTestContext()
  for (const file of fs.readdirSync(OAB_DIR).filter((f) => f.endsWith('.txt'))) {
    const result = await importExamBytes(t.db, file, fs.readFileSync(path.join(OAB_DIR, file)), { force: true, now: new Date() })
    expect(result.success, file).toBe(true)
    const rows = await t.db
      .select({ id: questions.id, number: questions.number })
      .from(questions)
      .where(eq(questions.examId, result.exam!.id))
    for (const r of rows) idOf.set(`${file}#${r.number}`, r.id)
  }
}, 180_000)
afterAll(() => t.close())

describe('the badge by scope on real exams', () => {
  it('is justified on at least 90% of the two exams read, keeps at least 90% of the justified, and a sixth of the bank at most', async () => {
    const keys = Object.keys(sample.questions)
    const read = new Set(keys)
    // Every badge of the two exams: the CPC/2015 ones are justified by the code's replacement
    // (the premise); the others by the reading.
    const ids = [...idOf].filter(([k]) => /2012-(ix|viii)-/.test(k))
    const cards = new Map(
      (
        await loadCards(
          t.db,
          ids.map(([, id]) => id),
        )
      ).map((c) => [c.id, c.outdated.possible.map((p) => p.label)]),
    )
    const badges = ids.flatMap(([k, id]) => cards.get(id)!.map((label) => ({ k, label }))).filter((b) => !LATER.has(b.label))
    const justified = (k: string, label: string) =>
      label === 'CPC/2015' ||
      (read.has(k) && sample.questions[k].justified && sample.questions[k].change === label) ||
      sample.also_justified[k] === label
    const right = badges.filter((b) => justified(b.k, b.label))
    const others = badges.filter((b) => b.label !== 'CPC/2015')
    console.info(
      `badges: ${right.length}/${badges.length} justified (other than CPC/2015: ${others.filter((b) => justified(b.k, b.label)).length}/${others.length})`,
    )
    expect(badges.every((b) => b.label === 'CPC/2015' || read.has(b.k))).toBe(true)
    expect(right.length / badges.length).toBeGreaterThanOrEqual(0.9)
    const owed = [
      ...keys.filter((k) => sample.questions[k].justified).map((k) => ({ k, label: sample.questions[k].change })),
      ...Object.entries(sample.also_justified).map(([k, label]) => ({ k, label })),
    ]
    const kept = owed.filter((o) => cards.get(idOf.get(o.k)!)!.includes(o.label))
    expect(kept.length / owed.length).toBeGreaterThanOrEqual(0.9)

    const all = await loadCards(t.db, [...idOf.values()])
    const badged = all.filter((c) => c.outdated.possible.length)
    console.info(`bank: ${badged.length} of ${all.length} questions badged`)
    expect(badged.length / all.length).toBeLessThanOrEqual(1 / 6)
  })

  it('the later seeds (Estatuto by Lei 14.365/2022, improbidade by Lei 14.230/2021) badge the questions read, each justified', async () => {
    const cards = await loadCards(t.db, [...idOf.values()])
    const keyOf = new Map([...idOf].map(([k, id]) => [id, k]))
    const found = cards.flatMap((c) => c.outdated.possible.filter((p) => LATER.has(p.label)).map((p) => `${keyOf.get(c.id)}|${p.label}`))
    const read = Object.entries(sample.later_seeds.badges)
    expect(found.sort()).toEqual(read.map(([k, r]) => `${k}|${r.change}`).sort())
    expect(read.every(([, r]) => r.justified)).toBe(true)
    console.info(`later seeds: ${read.length} badges, answer changed on ${read.filter(([, r]) => !r.answer_stands).length}`)
  })

  it('keeps CPC/2015 on every Processo Civil question of the CPC/1973 era', async () => {
    const civil = await t.db
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .innerJoin(exams, eq(exams.id, questions.examId))
      .where(and(eq(disciplines.name, 'Direito Processual Civil'), sql`${exams.year} < 2016`))
    expect(civil.length).toBeGreaterThan(50)
    const cards = await loadCards(
      t.db,
      civil.map((c) => c.id),
    )
    expect(cards.every((c) => c.outdated.possible.some((p) => p.label === 'CPC/2015'))).toBe(true)
  })
})
