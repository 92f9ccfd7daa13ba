import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { featureToggles } from '#server/db/schema'

import { createTestContext } from '../../../tests/support/context'
import { ADMIN_TOGGLES, isAdminToggle } from './names'
import { getToggles, setToggles } from './store'

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('the admin’s switches', () => {
  it('are all on until an admin turns one off', async () => {
    const toggles = await getToggles(t.db)
    expect(ADMIN_TOGGLES.every((key) => toggles[key])).toBe(true)
  })

  it('keep a change, and ignore a name that is not a switch', async () => {
    const [first, second] = ADMIN_TOGGLES
    const at = new Date('2026-12-06T12:00:00Z')
    const after = await setToggles(t.db, { [first]: false, naoExiste: false } as never, at)
    expect(after[first]).toBe(false)
    expect(after[second]).toBe(true)
    expect(isAdminToggle('naoExiste')).toBe(false)
    const rows = await t.db.select().from(featureToggles)
    expect(rows.map((r) => [r.key, r.enabled])).toEqual([[first, false]])
    expect((await setToggles(t.db, { [first]: true }, at))[first]).toBe(true)
  })
})
