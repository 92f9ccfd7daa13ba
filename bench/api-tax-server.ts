/**
 * One server of `npm run bench:tax`: the search API of the checkout at TAX_ROOT as `createApp`
 * mounts it (TAX_MODE=api), or this checkout's HTTP floor (bench/floor-server.ts, TAX_MODE=floor), on
 * TAX_PORT, with every read statement's first answer replayed: what is left is Node's work (HTTP,
 * Express, the session, the route, JSON), not PostgreSQL's or pg's reading of its answer.
 */
import type { Express } from 'express'
import pg from 'pg'

import type * as App from '../server/app'
import type * as Bootstrap from '../server/bootstrap'
import type * as Config from '../server/config'
import { floorApp } from './floor-server'

// TAX_REPLAY=off (--live): every read goes to the database.
if (process.env.TAX_REPLAY !== 'off') {
  const replayed = new Map<string, unknown>()
  const query = pg.Pool.prototype.query as (...args: unknown[]) => Promise<unknown>
  pg.Pool.prototype.query = function (this: pg.Pool, config: unknown, values?: unknown) {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const read = /^\s*(select|with)\b/i.test(text)
    const key = text + JSON.stringify(typeof config === 'string' ? values : ((config as { values?: unknown }).values ?? values))
    if (read && replayed.has(key)) return Promise.resolve(replayed.get(key))
    return query.call(this, config, values).then((result) => {
      if (read) replayed.set(key, result)
      return result
    })
  } as typeof pg.Pool.prototype.query
}

const root = process.env.TAX_ROOT ?? process.cwd()
const { loadConfig } = (await import(`${root}/server/config.ts`)) as typeof Config
const { createContext } = (await import(`${root}/server/bootstrap.ts`)) as typeof Bootstrap
const ctx = await createContext(loadConfig())
let app: Express
if (process.env.TAX_MODE === 'floor') app = floorApp(ctx.db)
else {
  const { createApp } = (await import(`${root}/server/app.ts`)) as typeof App
  app = createApp(ctx)
}
const server = app.listen(Number(process.env.TAX_PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => ctx.database.close().finally(() => process.exit(0))))
