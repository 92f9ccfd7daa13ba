import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

import { createTestContext } from '../support/context'

// Only meaningful against a PostgreSQL server (the CI's second run sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('survives the server closing an idle connection and serves the next query', async () => {
    const t = await createTestContext()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { rows } = (await t.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
      // Terminate the now idle backend from another connection, as a restart or an admin would.
      const other = await createTestContext()
      await other.db.execute(sql`select pg_terminate_backend(${rows[0].pid})`)
      await other.close()
      await expect.poll(() => logged.mock.calls.length).toBeGreaterThan(0)
      expect(String(logged.mock.calls[0][0])).toContain('Conexão ociosa com o PostgreSQL encerrada')
      const again = (await t.db.execute(sql`select 1 as ok`)) as unknown as { rows: { ok: number }[] }
      expect(again.rows[0].ok).toBe(1)
    } finally {
      logged.mockRestore()
      await t.close()
    }
  })
})
