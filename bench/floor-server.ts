/**
 * The HTTP floor of the API tax (bench/run.ts): the same Express, one route per query kind that
 * runs the API's `searchQuestions` and answers it with `res.json`, nothing else (no logging,
 * headers, router, token or shown-at tokens). What the search API would do if all it added to
 * the statement were HTTP and JSON. Env: FLOOR_PORT, and DATABASE_URL or DATA_DIR.
 */
import express from 'express'

import { openDatabase } from '../server/db/index'
import { searchParamsWith, searchQuestions } from '../server/domain/questions/search'
import type { Kind } from './search-kinds'
import { SEARCH_PARAMS } from './search-kinds'

{
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 10 })
    : await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR })
  const app = express()
  app.set('etag', false)
  app.get('/floor/:kind', (req, res, next) => {
    const params = SEARCH_PARAMS[req.params.kind as Kind]
    if (!params) return res.status(404).json({ error: 'consulta desconhecida' })
    searchQuestions(database.db, searchParamsWith(params)).then((result) => res.json({ success: true, ...result }), next)
  })
  const server = app.listen(Number(process.env.FLOOR_PORT), '127.0.0.1')
  process.on('SIGTERM', () => server.close(() => database.close().finally(() => process.exit(0))))
}
