import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'

// The health check a proxy or an orchestrator polls: 200 while the server takes work, 503 (same
// body) when the database does not answer or the server is stopping (ADR 011).

export const HealthJson = z
  .object({
    status: z.enum(['ok', 'draining', 'error']).meta({ description: 'draining: o servidor está parando; error: o banco não responde.' }),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' })
export type HealthJson = z.output<typeof HealthJson>

export const healthApi = {
  get: defineEndpoint({
    method: 'get',
    path: '/health',
    summary: 'Se o servidor está pronto para receber requisições',
    tags: ['Sistema'],
    auth: 'none',
    responses: { 200: HealthJson },
    errors: [503],
    errorBodies: { 503: HealthJson },
  }),
}
