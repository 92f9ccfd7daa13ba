import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, ID_PATTERN, SuccessMessage } from '../../api/contract'
import { PolicyJson } from '../../domain/account-json'
import { CommunityAnswerJson, ExplanationOriginFields } from '../../domain/analysis-source'
import { QuestionCardJson } from '../../domain/questions/card-json'
import { ExplanationJson } from '../explanations/contract'
import { ReviewOutcomeJson } from '../review/contract'
import { BAD_QUESTION_ID, ERROR_REPORT_LIMIT, LOGIN_MESSAGE, MAX_PAGE } from './messages'
import { AnswerBody, ReportBody } from './schemas'

// The question bank (spec sections 3 and 7): the search, its filter options, one card, an
// attempt, the answer's reveal (POST counts against the weekly quota, GET only shows what was
// already opened) and a student's error report. The search keeps the names the spec gives it
// (page, per_page, random, search_term, discipline_ids, topic_ids, difficulty, year,
// exam_board; success, data, total). A path id that is not 1 to 9 digits answers 400 (paramStatus),
// and the routes that need a login check it after the id (idBeforeAuth), with the spec's 'Login
// necessário' text (loginMessage).

const int = () => z.number().int()

/**
 * A query value documented with its type. The router's own parser (parseSearchQuery) reads the
 * query, and refuses what this does not describe with its own messages: the two agree value for
 * value (ADR 049), the lists through the patterns below, which the parser uses too.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/** One value of a search list. */
export const SEARCH_ITEM = {
  id: '[1-9]\\d{0,8}',
  year: '(?:19\\d\\d|20\\d\\d|2100)',
  difficulty: '(?:facil|medio|dificil)',
  /** A cited norm's key (filter-options' citations): cf, cpc2015, lei:8666, sumula:stf:473. */
  citation: '[a-z0-9:]{1,40}',
  /** A board or an organization: up to 120 characters once the spaces around it are trimmed. */
  text: '\\s*[^,]{0,120}\\s*',
} as const

/** Several values in one: separated by commas, spaces around each and empty entries ignored. */
/** How many just-answered questions a status filter keeps in its list (`keep`). */
export const MAX_KEPT = 20

export const commaList = (item: string) => `^\\s*(?:${item})?\\s*(?:,\\s*(?:${item})?\\s*)*$`

const LIST_HELP = 'Repita a chave (ou use `chave[]`), ou separe vários valores por vírgulas.'
/** A list of `value`s, or of comma lists of them (the string's pattern). */
const list = <T extends z.ZodType>(value: T, item: string, description: string) =>
  lenient(z.array(z.union([value, z.string().regex(new RegExp(commaList(item)))]))).meta({ description: `${description} ${LIST_HELP}` })
const textList = (description: string) =>
  lenient(z.array(z.string().regex(new RegExp(commaList(SEARCH_ITEM.text))))).meta({
    description: `${description} Cada um com até 120 caracteres. ${LIST_HELP}`,
  })
const positive = (max: number) => z.number().int().min(1).max(max)

export const SearchQuery = z
  .object({
    page: lenient(positive(MAX_PAGE)).meta({ description: 'Página (padrão 1).' }),
    per_page: lenient(positive(100)).meta({ description: 'Questões por página (padrão 20, máximo 100).' }),
    search_term: lenient(z.string().max(200)).meta({ description: 'Texto livre, ou o código de uma questão (#5dki1r9a).' }),
    discipline_ids: list(positive(999_999_999), SEARCH_ITEM.id, 'Disciplinas.'),
    topic_ids: list(positive(999_999_999), SEARCH_ITEM.id, 'Assuntos.'),
    difficulty: list(z.enum(['facil', 'medio', 'dificil']), SEARCH_ITEM.difficulty, 'Dificuldades.'),
    year: list(z.number().int().min(1900).max(2100), SEARCH_ITEM.year, 'Anos, de 1900 a 2100.'),
    exam_board: textList('Bancas.'),
    exam: list(positive(999_999_999), SEARCH_ITEM.id, 'Provas.'),
    organization: textList('Órgãos.'),
    citation: list(
      z.string().regex(/^[a-z0-9:]{1,40}$/),
      SEARCH_ITEM.citation,
      'Legislação citada: as chaves de filter-options.citations (cf, lei:8666); a questão cita alguma delas.',
    ),
    status: lenient(z.enum(['unsolved', 'solved', 'wrong', 'right', 'to_review'])).meta({
      description:
        'Situação para quem entrou (401 sem login): unsolved nunca respondida, solved respondida, wrong a última resposta errada, right a última certa, to_review com revisão vencida (o cartão da Revisão venceu pelo relógio do servidor).',
    }),
    keep: list(
      positive(999_999_999),
      SEARCH_ITEM.id,
      `Questões que ficam na lista mesmo que status as exclua: as que o estudante acabou de responder nela, para ver o resultado (as ${MAX_KEPT} primeiras; as demais são ignoradas).`,
    ),
    has_explanation: lenient(z.boolean()).meta({
      description: 'true: só questões com explicação (análise do professor ou comentário da prova); false: só sem.',
    }),
    annulled: lenient(z.boolean()).meta({ description: 'false: sem as anuladas; true: só as anuladas.' }),
    exclude_outdated: lenient(z.boolean()).meta({
      description: 'true: sem as questões confirmadas desatualizadas nem as que uma mudança da lei pode ter desatualizado (ADR 053).',
    }),
    notebook_id: lenient(positive(999_999_999)).meta({
      description: 'Só as questões deste caderno de quem pergunta (401 sem login, 404 se não é seu).',
    }),
    random: lenient(z.boolean()).meta({ description: 'Ordem embaralhada e estável por pessoa (ou pela seed).' }),
    seed: lenient(z.string().max(100)).meta({ description: 'Semente da ordem embaralhada.' }),
  })
  .meta({ id: 'QuestionSearchQuery' })
export type SearchQuery = Partial<z.output<typeof SearchQuery>>

export const SearchResultJson = z
  .object({
    success: z.literal(true),
    data: z.array(QuestionCardJson),
    total: int(),
    total_exact: z.boolean().meta({ description: 'false quando a contagem parou no teto: a página diz "mais de".' }),
    page: int(),
    per_page: int(),
    quota_locked: z.array(int()).meta({
      description:
        'As questões desta página que o plano não deixa abrir agora: a cota semanal acabou e elas não foram abertas nesta semana ' +
        '(responder ou ver a resposta daria 403). Vazia sem login, num plano sem limite ou enquanto resta cota.',
    }),
  })
  .meta({ id: 'QuestionSearchResult' })
export type SearchResponse = z.output<typeof SearchResultJson>

export const FilterOptionsJson = z
  .object({
    years: z.array(int()),
    exam_boards: z.array(z.string()),
    exams: z
      .array(z.object({ id: int(), name: z.string(), year: int(), board: z.string() }))
      .meta({ description: 'As provas com questões vivas, da mais recente: os valores do filtro exam.' }),
    difficulties: z.array(z.enum(['facil', 'medio', 'dificil'])).readonly(),
    citations: z
      .array(z.object({ key: z.string(), label: z.string(), questions: int() }))
      .meta({ description: 'A legislação citada pelas questões vivas, da mais citada (até 100): os valores do filtro citation.' }),
  })
  .meta({ id: 'QuestionFilterOptions' })
export type FilterOptions = z.output<typeof FilterOptionsJson>

export type QuestionCard = z.output<typeof QuestionCardJson>

const CitationJson = z
  .object({
    key: z.string(),
    label: z.string().meta({ description: 'Como o aluno lê: "CF/1988", "Lei 8.666/1993", "Súmula 473 do STF".' }),
    article: z.string().nullable().meta({ description: '"art. 5" quando o texto dá o artigo.' }),
    url: z.string().nullable().meta({ description: 'O texto oficial (Planalto, LexML, STF); null quando não há um endereço estável.' }),
  })
  .meta({ id: 'QuestionCitation' })

const revealFields = {
  success: z.literal(true),
  correct_answer: z.string().nullable(),
  explanation: z.string().nullable(),
  annulled: z.boolean(),
  message: z.string().optional().meta({ description: "'Questão Anulada' numa questão anulada." }),
  explanation_locked: z
    .enum(['plan', 'disabled'])
    .optional()
    .meta({ description: 'Há explicação, mas o plano não a inclui (plan) ou o recurso está desligado (disabled).' }),
  explanation_message: z.string().optional(),
  last_of_week: z.boolean().optional().meta({
    description: 'true quando esta resposta (ou revelação) usou a última questão da cota semanal do plano.',
  }),
  citations: z
    .array(CitationJson)
    .meta({ description: 'A legislação que a questão cita (enunciado, alternativas e análise), com o link do texto oficial.' }),
  ...ExplanationOriginFields,
  student_explanation: ExplanationJson.nullable().meta({
    description: 'A explicação de aluno mais útil (ADR 085), em todos os planos; null sem nenhuma publicada.',
  }),
  student_explanations: int().meta({ description: 'Quantas explicações de alunos estão publicadas nesta questão.' }),
  explanation_prompt: z.boolean().meta({
    description: 'true depois do primeiro acerto de quem ainda não explicou a questão: a página pede uma explicação (uma vez).',
  }),
  community_answer: CommunityAnswerJson.nullable().meta({
    description:
      'Sem explicação para ler, num plano com discussões: a resposta mais votada da comunidade (votos acima de zero); null nos demais casos.',
  }),
}

export const RevealJson = z.object(revealFields).meta({ id: 'QuestionReveal' })
export type RevealResponse = z.output<typeof RevealJson>

export const AttemptJson = z
  .object({
    ...revealFields,
    correct: z.boolean().nullable().meta({ description: 'null numa questão anulada (nada é registrado).' }),
    answer: z.string(),
    elapsed_seconds: int().nullable().meta({ description: 'Tempo desde que o cartão foi mostrado; null quando desconhecido.' }),
    review: ReviewOutcomeJson.nullable().optional().meta({
      description: 'O cartão da Revisão depois desta resposta: quando volta e os intervalos de cada nota; null numa questão anulada.',
    }),
  })
  .meta({ id: 'QuestionAttempt' })
export type AttemptResponse = z.output<typeof AttemptJson>

const QuotaErrorJson = ApiErrorBody.extend({
  code: z.literal('QUOTA_EXCEEDED'),
  usage: PolicyJson.shape.usage,
  limit: int().meta({ description: 'Questões por semana do plano.' }),
}).meta({
  id: 'QuotaExceeded',
})

const params = z.object({
  id: z
    .string()
    .regex(ID_PATTERN, { error: BAD_QUESTION_ID })
    .meta({ description: 'Identificador numérico (400 se malformado).', example: '1' }),
})
/** A malformed id is a bad request here (400), not a missing page. */
const question = { params, paramStatus: 400 } as const
/** Answering and revealing: the id first (400), then the login, with the spec's text. */
const signedIn = { auth: 'user', loginMessage: LOGIN_MESSAGE, idBeforeAuth: true } as const

export const questionsApi = {
  search: defineEndpoint({
    method: 'get',
    path: '/questions/search',
    summary: 'Buscar questões',
    description: 'Filtros por situação (status) e por caderno (notebook_id) pedem login (401).',
    tags: ['Questões'],
    auth: 'none',
    query: SearchQuery,
    // parseSearchQuery (the router) reads it; SearchQuery, lenient everywhere, would refuse nothing.
    queryReadByHandler: true,
    responses: { 200: SearchResultJson },
    errors: [401, 404],
  }),
  filterOptions: defineEndpoint({
    method: 'get',
    path: '/questions/filter-options',
    summary: 'Opções dos filtros',
    tags: ['Questões'],
    auth: 'none',
    responses: { 200: FilterOptionsJson },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/questions/:id',
    summary: 'Uma questão',
    tags: ['Questões'],
    auth: 'none',
    ...question,
    responses: { 200: z.object({ success: z.literal(true), data: QuestionCardJson }) },
  }),
  answer: defineEndpoint({
    method: 'post',
    path: '/questions/:id/attempts',
    summary: 'Responder uma questão',
    description:
      '201 quando a tentativa é registrada; 200 numa questão anulada (nada é registrado). ' +
      'Uma questão tem de 2 a 5 alternativas: uma letra de A a E que ela não tem é recusada com 400, que diz as letras dela. ' +
      '409 com code QUESTION_CHANGED quando o shown_token é de antes de uma nova versão do enunciado, das alternativas ou do gabarito (nada é registrado).',
    tags: ['Questões'],
    ...signedIn,
    ...question,
    body: AnswerBody,
    responses: { 200: AttemptJson, 201: AttemptJson },
    errors: [403, 409],
    errorBodies: { 403: QuotaErrorJson },
  }),
  reveal: defineEndpoint({
    method: 'post',
    path: '/questions/:id/reveal',
    summary: 'Ver a resposta (conta na cota semanal)',
    tags: ['Questões'],
    ...signedIn,
    ...question,
    responses: { 200: RevealJson },
    errors: [403, 409],
    errorBodies: { 403: QuotaErrorJson },
  }),
  revealed: defineEndpoint({
    method: 'get',
    path: '/questions/:id/reveal',
    summary: 'A resposta já vista (não conta na cota)',
    description: "404 'Resposta ainda não revelada.' quando a questão não foi aberta.",
    tags: ['Questões'],
    ...signedIn,
    ...question,
    responses: { 200: RevealJson },
    errors: [409],
  }),
  reportError: defineEndpoint({
    method: 'post',
    path: '/questions/:id/error-reports',
    summary: 'Reportar erro numa questão',
    description: `No máximo ${ERROR_REPORT_LIMIT} relatos a cada 15 minutos.`,
    tags: ['Questões'],
    auth: 'none',
    ...question,
    body: ReportBody,
    responses: { 201: SuccessMessage },
    errors: [429],
  }),
}
