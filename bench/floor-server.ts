/**
 * The HTTP floor of the API tax (bench/run.ts): the same Express, one route per query kind that
 * runs the API's `searchQuestions` and answers it with `res.json`, nothing else (no logging,
 * headers, router, token or shown-at tokens). What the search API would do if all it added to
 * the statement were HTTP and JSON. Env: FLOOR_PORT, and DATABASE_URL or DATA_DIR.
 */
import { pathToFileURL } from 'node:url'

import express from 'express'

import type { Db } from '../server/db/index'
import { openDatabase } from '../server/db/index'
import { searchParamsWith, searchQuestions } from '../server/domain/questions/search'
import type { Kind } from './search-kinds'
import { SEARCH_PARAMS } from './search-kinds'

/** The floor's Express: `/floor/:kind` runs that kind's search and answers it with `res.json`. */
export function floorApp(db: Db) {
  const app = express()
  app.set('etag', false)
  app.get('/floor/:kind', (req, res, next) => {
    const params = SEARCH_PARAMS[req.params.kind as Kind]
    if (!params) return res.status(404).json({ error: 'consulta desconhecida' })
    searchQuestions(db, searchParamsWith(params)).then((result) => res.json({ success: true, ...result }), next)
  })
  return app
}

// Run as a script (bench/run.ts); bench/api-tax-server.ts only takes the app.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 10 })
    : await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR })
  const server = floorApp(database.db).listen(Number(process.env.FLOOR_PORT), '127.0.0.1')
  process.on('SIGTERM', () => server.close(() => database.close().finally(() => process.exit(0))))
}
