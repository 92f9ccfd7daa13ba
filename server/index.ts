import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import pino from 'pino'
import { createApp } from './app'
import { createContext } from './bootstrap'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'
import { buildDir } from './paths'
import { runStartupTasks } from './startup'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  process.env.SESSION_SECRET = config.sessionSecret
  const logger = pino({ level: config.LOG_LEVEL })

  let ctx
  try {
    ctx = await createContext(config, logger)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Erro: ${error.message}`)
      process.exit(1)
    }
    console.error(`Erro ao abrir o banco de dados: ${(error as Error).message}`)
    process.exit(1)
  }
  await runStartupTasks(ctx)

  const buildPath = path.join(buildDir(), 'remix/index.js')
  const remixBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild
  const app = createApp(ctx, { remixBuild })

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    // The Remix build reads its config lazily from the environment: point it at the
    // port actually bound (PORT=0 picks a free one) and the secret resolved above.
    process.env.API_URL ??= `http://127.0.0.1:${port}/api/v1`
    logger.info({ port, database: ctx.database.kind }, `Gabarita ouvindo em http://localhost:${port}`)
  })
  server.keepAliveTimeout = 65_000

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'encerrando: sem novas conexões, terminando as requisições em curso')
    // Stop accepting; in-flight requests finish; idle keep-alive sockets close now.
    server.close(async () => {
      try {
        await ctx.database.close()
      } finally {
        logger.info('encerrado')
        process.exit(0)
      }
    })
    server.closeIdleConnections()
    setTimeout(() => {
      logger.warn('tempo de encerramento esgotado; saindo')
      process.exit(1)
    }, 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
