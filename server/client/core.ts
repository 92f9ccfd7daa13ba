import type * as Undici from 'undici'

/** Every failed call, whatever went wrong: status 0 means the API was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** A call handed to the API in this same process (server/in-process-api.ts) instead of a socket. */
export type InProcessCall = { method: string; path: string; headers: Record<string, string>; body?: string }
export type InProcessDispatch = (call: InProcessCall) => Promise<{ status: number; body: string }>

export type ApiClientOptions = {
  /** e.g. http://127.0.0.1:3000/api/v1 */
  baseUrl: string
  token?: string | null
  requestId?: string
  /** The visitor's address, forwarded so per-IP rate limits see the visitor, not us. */
  forwardedFor?: string
  timeoutMs?: number
  /** Set when the API is this same process: calls skip the socket (forms with files still use it). */
  inProcess?: InProcessDispatch
}

type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>

export type RequestOptions = {
  query?: Query
  json?: unknown
  form?: Undici.FormData
  timeoutMs?: number
}

// undici, and its one keep-alive pool per process shared by every client, are loaded by the first
// call over a socket: a server whose pages call its API in process makes one only to upload files,
// and undici loaded at start held ≈ 5 MB of its heap (ADR 077).
let loaded: Promise<{ undici: typeof Undici; agent: Undici.Agent }> | undefined
const overSocket = () =>
  (loaded ??= import('undici').then((undici) => ({
    undici,
    agent: new undici.Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, connections: 64 }),
  })))

/** An empty form for files: undici's own FormData, the one its requests encode (not the global one). */
export async function newForm(): Promise<Undici.FormData> {
  return new (await overSocket()).undici.FormData()
}

export function buildQuery(query: Query | undefined) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else params.append(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The typed client of /api/v1 shared by the Remix loaders/actions and the CLI:
 * feature modules (server/client/*.ts) add typed calls on top of these verbs.
 */
export class ApiClient {
  constructor(readonly options: ApiClientOptions) {}

  withToken(token: string | null | undefined) {
    return new ApiClient({ ...this.options, token })
  }

  get<T>(path: string, opts?: RequestOptions) {
    return this.send<T>('GET', path, opts)
  }
  post<T>(path: string, opts?: RequestOptions) {
    return this.send<T>('POST', path, opts)
  }
  put<T>(path: string, opts?: RequestOptions) {
    return this.send<T>('PUT', path, opts)
  }
  delete<T>(path: string, opts?: RequestOptions) {
    return this.send<T>('DELETE', path, opts)
  }

  async send<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`
    if (this.options.requestId) headers['x-request-id'] = this.options.requestId
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor
    let body: string | Undici.FormData | undefined
    if (opts.form) body = opts.form
    else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.json)
    }
    const { status, text } = await this.exchange(method, path, opts, headers, body)
    let data: unknown = undefined
    if (text) {
      try {
        data = JSON.parse(text)
      } catch {
        data = text
      }
    }
    if (status >= 400) {
      const message =
        data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
          ? (data as { error: string }).error
          : `Erro ${status}`
      throw new ApiError(status, message, data)
    }
    return data as T
  }

  private async exchange(
    method: string,
    path: string,
    opts: RequestOptions,
    headers: Record<string, string>,
    body: string | Undici.FormData | undefined,
  ) {
    const inProcess = this.options.inProcess
    // A form (files) always goes over a socket: the in-process call carries text.
    if (inProcess && typeof body !== 'object') {
      const answer = await inProcess({ method, path: `${path}${buildQuery(opts.query)}`, headers, body })
      return { status: answer.status, text: answer.body }
    }
    const url = `${this.options.baseUrl.replace(/\/$/, '')}${path}${buildQuery(opts.query)}`
    const timeout = opts.timeoutMs ?? this.options.timeoutMs ?? 15_000
    try {
      const { undici, agent } = await overSocket()
      const response = await undici.request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: agent,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      })
      return { status: response.statusCode, text: await response.body.text() }
    } catch (error) {
      throw new ApiError(0, 'Erro de conexão. Tente novamente.', { cause: String((error as Error).message) })
    }
  }
}
