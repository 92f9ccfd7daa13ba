import { Router } from 'express'
import type { AppContext } from '../context'

export function createAuthRouter(_ctx: AppContext) {
  const router = Router()
  return router
}
