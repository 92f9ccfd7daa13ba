import * as z from 'zod'

// One endpoint of /api/v1 described once (ADR 038): the router validates its input and types its
// answer from it (server/api/route.ts), the client derives its calls from it
// (server/client/call.ts), the OpenAPI document is generated from it (server/api/openapi.ts) and
// the API tests check every answer against it (tests/support/contract.ts). This module imports
// zod only: the pages' loaders import contracts, and nothing here may reach the database.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type Auth = 'none' | 'user' | 'professor' | 'admin'

/** A JSON object the endpoint reads (params, query or body). */
type ObjectSchema = z.ZodType<Record<string, unknown>>

export type EndpointSpec = {
  method: Method
  /** Express-style template under /api/v1, e.g. `/notebooks/:id/questions`. */
  path: string
  summary: string
  description?: string
  tags: readonly string[]
  /**
   * Who may call: 'none' anyone, 'user' a signed-in account (a visitor gets 401), 'professor' a
   * professor or an administrator (the analysis desk), 'admin' an administrator (a visitor 401,
   * anyone else 403). route() checks it; the document publishes it.
   */
  auth: Auth
  /** 'user' or 'admin': the 401 a visitor reads, in the feature's own words (default the guard's). */
  loginMessage?: string
  /**
   * 'user' or 'admin': the path is read before the login, so a bad id answers as one (404, or
   * `paramStatus`) before a visitor's 401: the id decides whether there is anything to sign in for.
   */
  idBeforeAuth?: true
  /** Path parameters; a value the schema refuses answers `paramStatus` with its message. */
  params?: ObjectSchema
  /** The status of a refused path parameter: 404 by default (a bad id is "not found"), 400 where the feature says "bad request". */
  paramStatus?: 400 | 404
  /** A value the schema refuses answers 400 with its message. */
  query?: ObjectSchema
  /**
   * The handler reads the query itself, with its own rules and messages (the search, ADR 049):
   * `query` then documents it (the OpenAPI document, the client's types) and route() does not
   * parse it, since it would refuse nothing and its output would go unread (ADR 061).
   */
  queryReadByHandler?: true
  body?: ObjectSchema
  /**
   * A multipart/form-data body of files under one repeated field (the admin's uploads): the
   * handler reads `req` itself; the document describes it.
   */
  multipart?: { field: string; description: string }
  /**
   * One or more success statuses. The first (integer keys iterate in ascending order, so the
   * lowest) is `successStatus`, what the handler's return value is sent with; a handler sends
   * another declared one by returning `withStatus(status, body)`.
   */
  responses: Partial<Record<SuccessStatus, z.ZodType>>
  /** Error statuses this endpoint answers itself, beyond those its auth and input imply. */
  errors?: readonly ErrorStatus[]
  /** Error bodies richer than `{ error }` (e.g. a 403 with a code and a limit). */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>
}

export type SuccessStatus = 200 | 201 | 204
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 502 | 503

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly successStatus: SuccessStatus }

export function defineEndpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  const where = `${spec.method.toUpperCase()} ${spec.path}`
  const statuses = successStatuses(spec)
  if (!statuses.length) throw new Error(`${where}: declare a success status`)
  if (spec.auth === 'none' && (spec.loginMessage || spec.idBeforeAuth))
    throw new Error(`${where}: loginMessage and idBeforeAuth describe a login, and auth 'none' asks for none`)
  if (spec.idBeforeAuth && !spec.params) throw new Error(`${where}: idBeforeAuth without path parameters`)
  if (spec.queryReadByHandler && !spec.query) throw new Error(`${where}: queryReadByHandler without a query to document`)
  return { ...spec, successStatus: statuses[0] }
}

/** The success statuses an endpoint declares, the default first. */
export function successStatuses(spec: Pick<EndpointSpec, 'responses'>) {
  return Object.keys(spec.responses).map(Number) as SuccessStatus[]
}

/** A handler's answer with another of its endpoint's declared success statuses (route() checks it is declared). */
export class StatusReply<T> {
  constructor(
    readonly status: SuccessStatus,
    readonly body: T,
  ) {}
}

export const withStatus = <T>(status: SuccessStatus, body: T) => new StatusReply(status, body)

/** Every failure of the API: `{ error }` in Portuguese, sometimes with more fields (a code, a limit). */
export const ApiErrorBody = z
  .object({ error: z.string().meta({ description: 'Mensagem em português para quem usa o sistema.' }) })
  .loose()
  .meta({ id: 'Error' })

/** The success body of an endpoint (a union when it declares several). */
export type SuccessSchema<E extends EndpointSpec> = E['responses'][keyof E['responses']] & z.ZodType
export type Reply<E extends EndpointSpec> = z.output<SuccessSchema<E>>

/** What the handler may return: the success body before JSON (the schema's input side). */
export type HandlerReply<E extends EndpointSpec> = z.input<SuccessSchema<E>>

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

export type EndpointInput<E extends EndpointSpec> = {
  params: Out<E['params']>
  query: E extends { queryReadByHandler: true } ? undefined : Out<E['query']>
  body: Out<E['body']>
}

/**
 * Statuses an endpoint may answer: its success, the errors it declares, and those its shape
 * implies (400 for refused input, anywhere, 401 and 403 for who asks, 404 for a
 * refused path id, 415 and 413 for a body that is not JSON or too big, 431 for an address or
 * headers over the HTTP parser's limit). A rate limit's 429 is declared.
 */
export function declaredStatuses(endpoint: Endpoint) {
  const statuses = new Set<number>([...successStatuses(endpoint), ...(endpoint.errors ?? [])])
  // A token sent is checked wherever the session is read, public routes too (session.ts):
  // unknown or expired, 401; one that may only change its temporary password, 403. A signed-in
  // endpoint also answers 401 to a visitor, an admin one 403 to a student. (Health and the payment
  // webhook, read before the session, never answer them: for those two it is a superset.)
  statuses.add(401).add(403)
  // A path names a row: one that is not there is 404, whatever a malformed id answers.
  if (endpoint.params) [404, endpoint.paramStatus ?? 404].forEach((s) => statuses.add(s))
  // The API-wide input guard answers 400 anywhere: a NUL byte, a bad %-escape in the path.
  statuses.add(400)
  if (endpoint.body || endpoint.multipart) [413, 415].forEach((s) => statuses.add(s))
  // Node's HTTP parser refuses a request line and headers over 16 KB (a very long query) before
  // any route: answered in Portuguese by server/web/client-error.ts, on every operation.
  statuses.add(431)
  return [...statuses].sort((a, b) => a - b)
}

/** The body schema of an answer with this status (the success body, or an error body). */
export function responseSchema(endpoint: Endpoint, status: number): z.ZodType | undefined {
  const success = endpoint.responses[status as SuccessStatus]
  if (success) return success
  if (!declaredStatuses(endpoint).includes(status)) return undefined
  const own = endpoint.errorBodies?.[status as ErrorStatus]
  // A 401/403 may also be the token's (session.ts): a plain `{ error }`.
  if (own && (status === 401 || status === 403)) return z.union([own, ApiErrorBody])
  return own ?? ApiErrorBody
}

/** `/notebooks/:id` → `/notebooks/{id}` (OpenAPI's template). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** What a path id looks like: 1 to 9 digits (the document publishes it as the parameter's pattern). */
export const ID_PATTERN = /^\d{1,9}$/

/**
 * A path id: up to 9 digits, at least 1. Anything else answers 404 with `message`, as a row that
 * does not exist would (the page behind it is simply not there), or the endpoint's `paramStatus`.
 */
export const idParam = (message: string) =>
  z
    .string()
    .regex(ID_PATTERN, { error: message })
    .transform(Number)
    .refine((n) => n >= 1, { error: message })
    .meta({ description: 'Identificador numérico (inteiro positivo).', example: '1' })

/**
 * What the document says of a body that must name at least one of `keys` (a refine the JSON
 * Schema cannot read): `.meta(atLeastOneOf([...]))` beside the refine that checks it. The anyOf
 * names the fields; minProperties says that `{}` is not enough to a reader that does not follow
 * anyOf (a fuzzer's "only the required fields" sent `{}` and read the 400 as a broken contract).
 */
export const atLeastOneOf = (keys: readonly string[]) => ({ minProperties: 1, anyOf: keys.map((key) => ({ required: [key] })) })

/** The `{ success: true, message }` answer of a write that returns nothing else. */
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() })
