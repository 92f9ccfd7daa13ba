import { Router } from 'express'
import type { AppContext } from '../context'

export function createDisciplinesRouter(_ctx: AppContext) {
  const router = Router()
  return router
}
