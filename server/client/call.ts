import type * as z from 'zod'

import type { Endpoint, EndpointSpec, Reply } from '../api/contract'
import type { ApiClient } from './core'

// The typed client derived from the contracts (ADR 038): `call(api, notesApi.list, { params: { id } })`
// answers the contract's success type, or throws ApiError as every other call does. Nothing is
// parsed at run time: the API tests check each answer against the same schema.

type ParamsOf<S extends EndpointSpec> = S['params'] extends z.ZodType
  ? { params: { [K in keyof z.output<S['params']>]: string | number } }
  : { params?: never }

type QueryOf<S extends EndpointSpec> = S['query'] extends z.ZodType ? { query?: Partial<z.output<S['query']>> } : { query?: never }

type BodyOf<S extends EndpointSpec> = S['body'] extends z.ZodType ? { body: z.input<S['body']> } : { body?: never }

export type CallInput<S extends EndpointSpec> = ParamsOf<S> & QueryOf<S> & BodyOf<S>

type Optional<S extends EndpointSpec> = S['params'] extends z.ZodType ? false : S['body'] extends z.ZodType ? false : true

/** The concrete path of a call: each `:name` replaced by its encoded value. */
export function pathOf(template: string, params: Record<string, string | number> = {}) {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`parâmetro ausente: ${name}`)
    return encodeURIComponent(String(value))
  })
}

export function call<S extends EndpointSpec>(
  client: ApiClient,
  endpoint: Endpoint<S>,
  ...[input]: Optional<S> extends true ? [input?: CallInput<S>] : [input: CallInput<S>]
): Promise<Reply<S>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown }
  return client.send<Reply<S>>(endpoint.method.toUpperCase(), pathOf(endpoint.path, params), {
    query: query as Record<string, string | number | undefined>,
    json: body,
  })
}
