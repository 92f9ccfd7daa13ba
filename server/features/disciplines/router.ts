import { Router } from 'express'

import { route } from '../../api/route'
import type { AppContext } from '../../context'
import { listDisciplines } from '../../domain/disciplines'
import { disciplinesApi } from './contract'

// GET /disciplines: always `{ success, data: [...] }` (the contract, ./contract.ts). The list
// itself stays in server/domain/disciplines.ts beside the admin's discipline/topic lookup.
export function createDisciplinesRouter(ctx: AppContext) {
  const router = Router()
  route(router, disciplinesApi.list)(async () => ({ success: true, data: await listDisciplines(ctx.db) }))
  return router
}
