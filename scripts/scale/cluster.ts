// N Gabarita servers on one fresh PostgreSQL database with REDIS_URL, and a small
// round-robin proxy in front (loopback only): the scale-out demo, its test and the load test.
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import pg from 'pg'

import { NODE_FLAGS } from '../../server/node-flags'
import { DRAINING_HEADER } from '../../server/shared/draining'

export const DEFAULT_PG = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const DEFAULT_REDIS = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379'
export const ADMIN = { email: 'admin-escala@gabarita.local', password: 'senha-admin-escala' }

/** Whether a TCP service answers (PostgreSQL, Redis) within a short time. */
export function reachable(url: string, timeoutMs = 1_500) {
  const { hostname, port } = new URL(url)
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

export async function servicesAvailable(pgUrl = DEFAULT_PG, redisUrl = DEFAULT_REDIS) {
  const [pgOk, redisOk] = await Promise.all([reachable(pgUrl), reachable(redisUrl)])
  if (!pgOk || !redisOk)
    return {
      ok: false,
      why: `${pgOk ? '' : `PostgreSQL não responde em ${pgUrl}. `}${redisOk ? '' : `Redis não responde em ${redisUrl}.`}`.trim(),
    }
  try {
    const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2_000 })
    await client.connect()
    await client.end()
  } catch (error) {
    return { ok: false, why: `PostgreSQL recusou a conexão: ${(error as Error).message}` }
  }
  return { ok: true, why: '' }
}

export async function createDatabase(pgUrl = DEFAULT_PG) {
  const name = `gabarita_perf_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: pgUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export type ServerHandle = {
  port: number
  url: string
  child: ChildProcess
  output: () => string
  /** SIGTERM (graceful: drains requests in flight) or SIGKILL; resolves on exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

/** The Remix build of BUILD_DIR if one exists, else API only (the API checks need none). */
export function remixBuildPath() {
  const file = path.resolve(process.env.BUILD_DIR || 'build', 'remix/index.js')
  return fs.existsSync(file) ? file : undefined
}

/** One server from the sources (tsx), as server/index.ts would run it. */
export async function startServer(options: {
  port: number
  env: Record<string, string>
  web?: boolean
  nodeArgs?: string[]
  built?: boolean
}): Promise<ServerHandle> {
  const build = options.web === false ? undefined : remixBuildPath()
  // The worker threads' entry too, as index.ts gives it (ADR 074).
  const workerEntry = pathToFileURL(path.resolve('server/worker.ts')).href
  const script = `
    import { startServer } from './server/main.ts'
    await startServer({
      loadRemixBuild: async () => ${build ? `await import(${JSON.stringify(`file://${build}`)})` : 'undefined'},
      workerEntry: new URL(${JSON.stringify(workerEntry)}),
    })
  `
  // built: the bundled server of BUILD_DIR, as production runs it (no tsx in the process's RSS).
  const bundled = path.resolve(process.env.BUILD_DIR || 'build', 'server/index.js')
  const argv = options.built && fs.existsSync(bundled) ? [bundled] : ['--import', 'tsx', '--input-type=module', '-e', script]
  const child = spawn(process.execPath, [...NODE_FLAGS, ...(options.nodeArgs ?? []), ...argv], {
    cwd: process.cwd(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)))
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${options.port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`O servidor na porta ${options.port} saiu ao iniciar:\n${output}`)
    try {
      const res = await fetch(`${url}/api/v1/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`O servidor na porta ${options.port} não respondeu em 120 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    port: options.port,
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

/**
 * Round-robin over the backends. A backend that answers as draining (a graceful stop) gets no
 * new request for 2 s. One that refuses the connection is skipped for 2 s too, and the request
 * goes to the next one (nothing reached the dead server, so even a POST is safe to resend); a
 * GET whose server died mid-answer is retried too. A POST cut mid-way is answered 502: it may
 * have been applied, so only the client may decide to resend it.
 */
export function startProxy(port: number, backends: number[]) {
  let next = 0
  const downUntil = new Map<number, number>()
  const pick = (tried: Set<number>) => {
    for (let i = 0; i < backends.length; i++) {
      const candidate = backends[(next + i) % backends.length]
      if (tried.has(candidate)) continue
      if ((downUntil.get(candidate) ?? 0) > Date.now() && tried.size + 1 < backends.length) continue
      next = (next + i + 1) % backends.length
      return candidate
    }
    return undefined
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const tried = new Set<number>()
      const attempt = () => {
        const backend = pick(tried)
        if (backend === undefined) {
          res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Nenhum servidor disponível' }))
          return
        }
        tried.add(backend)
        let connected = false
        const forwarded = req.headers['x-forwarded-for']
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backend,
            method: req.method,
            path: req.url,
            // A POST goes on a fresh connection: on a reused keep-alive socket that the server
            // closes while draining, a reset cannot tell "never arrived" (safe to resend) from
            // "cut mid-way" (maybe applied); a refused new connection is unambiguous.
            agent: req.method === 'GET' || req.method === 'HEAD' ? agent : false,
            headers: {
              ...req.headers,
              'x-forwarded-for': forwarded ? `${forwarded}, ${req.socket.remoteAddress}` : req.socket.remoteAddress,
              'content-length': String(body.length),
            },
          },
          (answer) => {
            // A stopping server says so on every answer: no new request goes to it (it still
            // answers this one and any already sent, so nothing is cut mid-way).
            if (answer.headers[DRAINING_HEADER]) downUntil.set(backend, Date.now() + 2_000)
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            answer.on('error', () => res.destroy())
          },
        )
        upstream.on('socket', (socket) => {
          // A reused keep-alive socket is already connected; a listener per request on it leaked.
          if (!socket.connecting) connected = true
          else socket.once('connect', () => (connected = true))
        })
        upstream.on('error', () => {
          if (res.headersSent) return res.destroy()
          const safe = !connected || req.method === 'GET' || req.method === 'HEAD'
          if (!connected) downUntil.set(backend, Date.now() + 2_000)
          if (safe && tried.size < backends.length + 1) {
            if (tried.size >= backends.length) tried.clear()
            return attempt()
          }
          res
            .writeHead(502, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'Servidor interrompido no meio da resposta' }))
        })
        upstream.end(body)
      }
      attempt()
    })
  })
  // Longer than a client's own idle timeout (undici's is 4 s), as the server's is (server/main.ts):
  // a client never reuses a connection the proxy is closing at the same instant (a reset, once,
  // on a loaded machine, after the test restarted a server for several seconds).
  server.keepAliveTimeout = 65_000
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            agent.destroy()
            server.closeAllConnections()
            server.close(() => r())
          }),
      }),
    )
  })
}

export type Cluster = {
  database: { name: string; url: string; drop: () => Promise<void> }
  servers: ServerHandle[]
  proxy: { url: string; close: () => Promise<void> }
  env: Record<string, string>
  close: () => Promise<void>
}

/** Proxy on basePort, servers on basePort+1..n, one fresh gabarita_perf_* database. */
export async function startCluster(
  options: { basePort?: number; count?: number; pgUrl?: string; redisUrl?: string; web?: boolean } = {},
): Promise<Cluster> {
  const basePort = options.basePort ?? 3800
  const count = options.count ?? 2
  const database = await createDatabase(options.pgUrl)
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl ?? DEFAULT_REDIS,
    // One secret for all: a cookie signed by one server is read by the others.
    SESSION_SECRET: `escala-${crypto.randomBytes(16).toString('hex')}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'on',
    DATA_DIR: path.join(process.env.TMPDIR ?? '/tmp', `gabarita-perf-${database.name}`),
  }
  const servers: ServerHandle[] = []
  try {
    // One after the other: the first applies the migrations.
    for (let i = 1; i <= count; i++) servers.push(await startServer({ port: basePort + i, env, web: options.web }))
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')))
    await database.drop()
    throw error
  }
  const proxy = await startProxy(
    basePort,
    servers.map((s) => s.port),
  )
  return {
    database,
    servers,
    proxy,
    env,
    close: async () => {
      await proxy.close()
      await Promise.all(servers.map((s) => s.stop('SIGTERM')))
      await database.drop()
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true })
    },
  }
}

/** JSON over fetch, with an optional bearer token and client address. */
export async function api(base: string, method: string, route: string, options: { token?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.ip) headers['x-forwarded-for'] = options.ip
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await res.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = { raw: text }
  }
  return { status: res.status, json, headers: res.headers }
}
