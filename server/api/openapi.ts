import { Router } from 'express'
import * as z from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi'
import { createDocument } from 'zod-openapi'

import { buildInfo } from '../version'
import type { Endpoint } from './contract'
import { declaredStatuses, openApiPath, responseSchema } from './contract'
import { ENDPOINTS } from './endpoints'

// The OpenAPI 3.1 document of /api/v1, generated from the contracts (ADR 038) by zod-openapi,
// which reads zod 4's own JSON Schema and `.meta()`. Served at GET /api/v1/openapi.json and read
// by the reference page at /api/docs (server/web/api-docs.ts).

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Criado',
  204: 'Sem conteúdo',
  400: 'Dado inválido: a mensagem diz qual',
  401: 'Sem login, ou sessão expirada',
  403: 'Não permitido (plano, chave de recurso, papel, ou senha temporária ainda não trocada)',
  404: 'Não encontrado (inclusive o que é de outra pessoa)',
  409: 'Conflito com o que já existe',
  413: 'Corpo grande demais',
  415: 'Corpo que não é JSON',
  429: 'Muitas requisições: aguarde e tente de novo',
  431: 'Endereço (query) ou cabeçalhos grandes demais: mais de 16 KB',
  502: 'Um serviço externo falhou',
  503: 'Indisponível agora, ou não configurado neste servidor',
}

function operation(id: string, endpoint: Endpoint): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {}
  for (const status of declaredStatuses(endpoint)) {
    const schema = responseSchema(endpoint, status) as z.ZodType
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: STATUS_TEXT[status] ?? String(status),
      content: { 'application/json': { schema } },
    }
  }
  return {
    operationId: id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [...endpoint.tags],
    // A public route reads a token when one is sent (the answer may be the caller's: their own results).
    security: endpoint.auth === 'none' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params as z.ZodObject } : {}),
      ...(endpoint.query ? { query: endpoint.query as z.ZodObject } : {}),
    },
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: endpoint.body } } } } : {}),
    ...(endpoint.multipart
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: filesBody(endpoint.multipart) } } } }
      : {}),
    responses,
  }
}

/** A form of files under one repeated field. */
function filesBody({ field, description }: { field: string; description: string }) {
  return z.object({ [field]: z.array(z.string().meta({ format: 'binary' })).meta({ description }) })
}

type OverrideContext = { zodSchema: unknown; jsonSchema: Record<string, unknown>; io: 'input' | 'output' }
type StringDef = { type: string; checks?: Array<{ _zod: { def: { check: string; tx?: (v: string) => string } } }> }

/**
 * A text the contract trims before counting (`.trim().min(n)`): "   " is not a name. JSON Schema
 * counts before trimming, so the document adds what it takes: n characters from a non-space to a
 * non-space (ADR 049).
 */
function trimmedMinimum({ zodSchema, jsonSchema, io }: OverrideContext) {
  const def = (zodSchema as { _zod?: { def?: StringDef } })._zod?.def
  if (io !== 'input' || def?.type !== 'string' || jsonSchema.pattern !== undefined) return
  const min = jsonSchema.minLength
  const trims = (def.checks ?? []).some((c) => c._zod.def.check === 'overwrite' && c._zod.def.tx?.(' x ') === 'x')
  if (!trims || typeof min !== 'number' || min < 1) return
  jsonSchema.pattern = min === 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`
}

export function openApiDocument(endpoints = ENDPOINTS) {
  const paths: ZodOpenApiPathsObject = {}
  for (const { id, endpoint } of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {})
    item[endpoint.method] = operation(id, endpoint)
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Gabarita API',
        version: buildInfo().version,
        description:
          'API REST do Gabarita (banco de questões da OAB). JSON na entrada e na saída; erros sempre `{ "error": "mensagem" }` em português. ' +
          'Cada rota é um contrato do código (ADR 038); os envios de arquivos são multipart/form-data. ' +
          'Um caractere U+0000 (NUL) em qualquer parte da requisição é recusado com 400; um valor vazio na query (`page=`) também. ' +
          'Um token enviado é conferido mesmo nas rotas públicas: desconhecido ou vencido, 401. ' +
          'Endereço (query) e cabeçalhos somam no máximo 16 KB: além disso, 431 em qualquer rota.',
      },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'O token de POST /auth/login.' } } },
      paths,
    },
    { override: trimmedMinimum },
  )
}

/** GET /openapi.json: built once per process (the contracts do not change while it runs). */
export function createOpenApiRouter() {
  const router = Router()
  let body: string | undefined
  router.get('/openapi.json', (_req, res) => {
    body ??= JSON.stringify(openApiDocument())
    res.type('application/json').send(body)
  })
  return router
}
