import path from 'node:path'
import { pathToFileURL } from 'node:url'

import type { ServerBuild } from '@remix-run/node'

import { createApp } from './app'
import { createContext } from './bootstrap'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'
import { listenForReferenceChanges } from './db/reference-listener'
import { createLogger, withoutUrlPasswords } from './logger'
import { buildDir } from './paths'
import { isDraining, trackAnswers } from './shared/draining'
import { closeSharedRedis } from './shared/redis'
import { runStartupTasks, startBackgroundTasks } from './startup'
import { answerClientErrors } from './web/client-error'

export type StartOptions = {
  /** The Remix build to serve; the process tests pass one that yields none (API only). */
  loadRemixBuild?: () => Promise<ServerBuild | undefined>
  /** server/worker.ts as this process runs it (index.ts knows); without it, bulk passes run on this thread (ADR 074). */
  workerEntry?: URL
}

async function loadBuiltRemix() {
  const buildPath = path.join(buildDir(), 'remix/index.js')
  return (await import(pathToFileURL(buildPath).href)) as ServerBuild
}

/** How long a stopping server goes on accepting after its last request ends (see shutdown). */
const DRAIN_GRACE_MS = 300

/** The server process: config, database (and its lock), start-up tasks, listen, shutdown. */
export async function startServer(options: StartOptions = {}) {
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
  const logger = createLogger(config.LOG_LEVEL)

  let ctx
  try {
    ctx = await createContext(config, logger)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Erro: ${error.message}`)
      process.exit(1)
    }
    console.error(`Erro ao abrir o banco de dados: ${withoutUrlPasswords((error as Error).message)}`)
    process.exit(1)
  }
  await runStartupTasks(ctx)
  // Several servers on one PostgreSQL: an import on any of them refreshes this one's caches (ADR 019).
  const referenceListener = config.DATABASE_URL ? listenForReferenceChanges(config.DATABASE_URL, logger) : undefined

  const remixBuild = await (options.loadRemixBuild ?? loadBuiltRemix)()
  const app = createApp(ctx, { remixBuild })

  let listening = false
  const server = app.listen(config.PORT, config.HOST, () => {
    listening = true
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    // The Remix build reads its config lazily from the environment: point it at the
    // port actually bound (PORT=0 picks a free one) and the secret resolved above.
    process.env.API_URL ??= `http://127.0.0.1:${port}/api/v1`
    logger.info({ port, database: ctx.database.kind }, `Gabarita ouvindo em http://localhost:${port}`)
    startBackgroundTasks(ctx, { workerEntry: options.workerEntry })
  })
  server.keepAliveTimeout = 65_000
  answerClientErrors(server)
  // Without this listener a port already taken threw a stack trace and left the PGlite lock
  // behind: one line in Portuguese, the lock released, exit 1.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (listening) {
      logger.error({ err: error }, 'erro no servidor HTTP')
      return
    }
    const message =
      error.code === 'EADDRINUSE'
        ? `A porta ${config.PORT} já está em uso`
        : error.code === 'EACCES'
          ? `Sem permissão para usar a porta ${config.PORT}`
          : `Não foi possível ouvir em ${config.HOST}:${config.PORT}: ${error.message}`
    console.error(`Erro: ${message}.`)
    ctx.database
      .close()
      .catch(() => {})
      .finally(() => process.exit(1))
  })

  // Requests in flight, kept so a shutdown can let them finish: a page being rendered still
  // calls the API over loopback, and closing the listener first made those calls fail ("other
  // side closed") for the pages caught mid-render. While stopping, every answer tells the proxy
  // (server/shared/draining.ts).
  const requests = trackAnswers(server)

  const shutdown = (signal: string) => {
    if (isDraining()) return
    requests.drain()
    logger.info({ signal, inFlight: requests.inFlight }, 'encerrando: terminando as requisições em curso')
    setTimeout(() => {
      logger.warn('tempo de encerramento esgotado; saindo')
      process.exit(1)
    }, 10_000).unref()
    const close = () => {
      // Stop accepting; idle keep-alive sockets close now.
      server.close(async () => {
        try {
          await referenceListener?.close()
          await closeSharedRedis()
          await ctx.database.close()
        } finally {
          logger.info('encerrado')
          process.exit(0)
        }
      })
      server.closeIdleConnections()
    }
    // Once the last request ends, one grace period before closing: a request the proxy sent
    // before it saw the draining header is accepted and answered, not reset mid-way by the close
    // (a connection whose request is not read yet counts as idle). Then close as soon as idle.
    requests.whenIdle(() => setTimeout(() => requests.whenIdle(close), DRAIN_GRACE_MS))
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}
