import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, idParam } from '../../api/contract'
import { queryInt } from '../../api/http'
import { ExplanationOriginFields } from '../../domain/analysis-source'
import {
  CUSTOM_MAX_SIZE,
  CUSTOM_MIN_SIZE,
  EXAM_NOT_FOUND,
  MINUTES_PER_QUESTION,
  POSITION_INVALID,
  QUESTION_NOT_IN_SIMULATION,
  SIMULATION_KINDS,
  SIMULATION_NOT_FOUND,
} from './messages'
import { CreateSimulationBody, MixBody, OfficialMixBody, SimulationAnswerBody, SimulationFilters } from './schemas'

// Simulados (issue 29): the Exame de Ordem's first phase as it is sat, past exams as applied and
// personalised mock exams. Bearer only; another student's simulado answers 404. The server keeps
// the deadline (started_at + duration) and closes a simulado on its first read after it; no
// answer key, explanation or statistics leave the server before the simulado is finished.
// Creating goes through the policy (plan limit AND toggle): 403 with code and plans_url.

const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const
const int = () => z.number().int()
const Kind = z.enum(SIMULATION_KINDS)

/** An imported exam, and whether it is in the bank in full (a simulado of it needs that). */
export const ExamJson = z
  .object({
    id: int(),
    name: z.string(),
    year: int(),
    board: z.string(),
    organization: z.string().nullable(),
    question_count: int().meta({ description: 'Questões vivas da prova no banco.' }),
    annulled_count: int().meta({ description: 'Quantas delas foram anuladas.' }),
    complete: z.boolean().meta({
      description: 'A prova está inteira no banco: questões numeradas de 1 a question_count, sem lacunas nem removidas.',
    }),
  })
  .meta({ id: 'Exam' })
export type ExamJson = z.output<typeof ExamJson>

const ExamRef = z.object({ id: int(), name: z.string(), year: int(), board: z.string() })

/** A discipline the bank could not fill in the wanted count; the others made up the difference. */
export const ShortfallJson = z
  .object({
    discipline_id: int().nullable().meta({ description: 'null: o banco não tem a disciplina.' }),
    discipline_name: z.string(),
    wanted: int(),
    drawn: int(),
    to: z
      .array(z.object({ discipline_id: int(), discipline_name: z.string(), count: int() }))
      .meta({ description: 'Para onde foram as questões que faltaram (issue 63 §3).' }),
  })
  .meta({ id: 'SimulationShortfall' })

/** A line of the Exame de Ordem's mix: how many questions of a discipline, and how many the bank has. */
export const MixRowJson = z
  .object({
    discipline_id: int(),
    discipline_name: z.string(),
    count: int(),
    available: int().meta({ description: 'Questões vivas e não anuladas da disciplina no banco.' }),
  })
  .meta({ id: 'SimulationMixRow' })

/** A line of the official distribution, kept by name so it outlives the bank's disciplines. */
const OfficialLineJson = z
  .object({
    name: z.string(),
    count: int(),
    in_bank: z.boolean().meta({ description: 'O banco tem uma disciplina com esse nome (senão a linha fica de fora do sorteio).' }),
  })
  .meta({ id: 'OfficialMixLine' })

/** The mix the next Exame de Ordem simulado draws in, and where it comes from. */
export const ExameOrdemPlanJson = z
  .object({
    source: z.enum(['admin', 'exam', 'official', 'none']).meta({
      description:
        'admin: a tabela do administrador; exam: o caderno mais recente cujas questões têm todas disciplina segura; official: a distribuição oficial guardada no banco; none: nada disso.',
    }),
    exam: ExamRef.extend({
      predicted: int().meta({ description: 'Questões do caderno com disciplina prevista automaticamente.' }),
    })
      .nullable()
      .meta({ description: 'A prova cujo caderno deu a distribuição (source exam).' }),
    summary: z.string().meta({ description: 'De onde vem a distribuição, em português, para o aluno.' }),
    passed_over: z.array(z.object({ id: int(), name: z.string(), unclassified: int(), uncertain: int() })).meta({
      description: 'Cadernos completos mais novos que não deram a distribuição: questões sem disciplina ou com previsão insegura.',
    }),
    mix: z.array(MixRowJson),
    shortfall: z.array(ShortfallJson).meta({ description: 'Disciplinas que o banco não preenche; as outras completam as 80.' }),
    size: int(),
    duration_minutes: int(),
    pass_mark: int(),
  })
  .meta({ id: 'ExameOrdemPlan' })
export type ExameOrdemPlanJson = z.output<typeof ExameOrdemPlanJson>

const AllowanceCode = z.enum(['SIMULATION_LIMIT', 'SIMULATIONS_DISABLED', 'PLAN_REQUIRED'])

const KindAllowance = z.object({
  allowed: z.boolean(),
  limit: int().nullable().meta({ description: 'Simulados deste tipo por mês; null: sem limite.' }),
  used_this_month: int().meta({ description: 'Iniciados neste mês (America/Sao_Paulo).' }),
  code: AllowanceCode.nullable(),
  message: z.string().nullable().meta({ description: 'Por que está recusado, quando está.' }),
})

/** What the student's plan lets them start, per kind. */
export const SimulationAllowanceJson = z
  .object({
    plan_name: z.enum(PLAN_NAMES),
    exame_ordem: KindAllowance,
    prova_anterior: KindAllowance,
    personalizado: KindAllowance,
    plans_url: z.string(),
  })
  .meta({ id: 'SimulationAllowance' })
export type SimulationAllowanceJson = z.output<typeof SimulationAllowanceJson>

/** A simulado as lists and headers show it: no key, no score before it is finished. */
export const SimulationJson = z
  .object({
    id: int(),
    kind: Kind,
    exam: ExamRef.nullable().meta({ description: 'A prova aplicada (prova_anterior).' }),
    filters: SimulationFilters.nullable().meta({ description: 'Os filtros do personalizado.' }),
    size: int(),
    duration_minutes: int().nullable().meta({ description: 'null: sem limite de tempo.' }),
    started_at: z.iso.datetime(),
    deadline_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    status: z.enum(['in_progress', 'finished']).meta({ description: 'Um simulado cujo prazo passou é encerrado na leitura: finished.' }),
    closed_by_deadline: z.boolean().meta({ description: 'Encerrado pelo fim do tempo, não entregue.' }),
    closed_without_answers: z.boolean().meta({
      description:
        'Encerrado pelo fim do tempo sem nenhuma resposta salva ("Encerrado sem respostas"): um simulado abandonado, não uma nota; fica fora da comparação.',
    }),
    time_left_seconds: int()
      .nullable()
      .meta({ description: 'Segundos até o prazo, pelo relógio do servidor; null sem limite ou encerrado.' }),
    current_position: int().meta({ description: 'Onde o estudante parou (a última questão salva); começa em 1.' }),
    answered_count: int(),
    marked_count: int(),
    pass_mark: int().meta({ description: 'Acertos para passar: 40 de 80, 50% nos outros tamanhos.' }),
    score: int().nullable().meta({ description: 'Acertos (as anuladas contam como certas, como a banca faz); null antes do fim.' }),
    passed: z.boolean().nullable().meta({ description: 'null antes do fim.' }),
    shortfall: z.array(ShortfallJson),
  })
  .meta({ id: 'Simulation' })
export type SimulationJson = z.output<typeof SimulationJson>

/** A cell of the answer sheet (cartão-resposta). */
export const SheetCellJson = z
  .object({
    position: int(),
    question_id: int(),
    discipline_id: int(),
    choice: z.string().nullable().meta({ description: 'A letra escolhida pelo estudante; null em branco.' }),
    answered: z.boolean(),
    marked: z.boolean(),
  })
  .meta({ id: 'SimulationSheetCell' })
export type SheetCellJson = z.output<typeof SheetCellJson>

/** The question being sat: statement and alternatives, never the key, the explanation or statistics. */
export const SittingQuestionJson = z
  .object({
    position: int(),
    question_id: int(),
    short_id: z.string(),
    number: int().meta({ description: 'O número da questão na prova de origem.' }),
    discipline_id: int(),
    discipline_name: z.string(),
    exam_name: z.string(),
    exam_year: int(),
    exam_board: z.string(),
    question_text: z.string(),
    alternatives: z.array(z.object({ letter: z.string(), text_content: z.string() })),
    choice: z.string().nullable(),
    marked: z.boolean(),
    previous_position: int().nullable(),
    next_position: int().nullable(),
  })
  .meta({ id: 'SimulationQuestion' })
export type SittingQuestionJson = z.output<typeof SittingQuestionJson>

const DisciplineScoreJson = z.object({
  discipline_id: int(),
  discipline_name: z.string(),
  total: int().meta({ description: 'Questões da disciplina no simulado (o peso dela no caderno).' }),
  weight_percent: int().meta({ description: 'total / tamanho do simulado, arredondado.' }),
  right: int(),
  wrong: int(),
  blank: int(),
})

const ComparisonJson = z.object({
  scope: z.enum(['exam', 'exame_ordem', 'none']).meta({
    description:
      'exam: quem fez a mesma prova anterior; exame_ordem: todos os simulados do Exame de Ordem; none: personalizado (sem comparação).',
  }),
  people: int().meta({
    description:
      'Pessoas que terminaram (a primeira vez de cada uma conta; um simulado encerrado sem respostas não conta); 0 quando este foi encerrado sem respostas.',
  }),
  position: int().nullable().meta({ description: '1 + quantos fizeram mais pontos; null com menos de 5 pessoas.' }),
  percentile: int().nullable().meta({ description: 'Percentual das outras pessoas com nota menor; null com menos de 5 pessoas.' }),
  message: z.string().nullable(),
})

/** A question after the end: the choice, the key and (when the plan has it) the explanation. */
export const ReviewItemJson = SittingQuestionJson.omit({ previous_position: true, next_position: true })
  .extend({
    correct_answer: z.string().nullable().meta({ description: 'null: questão anulada.' }),
    annulled: z.boolean(),
    outcome: z.enum(['right', 'wrong', 'blank', 'annulled']).meta({
      description: 'annulled: questão anulada, contada como certa para todos (como a banca pontua) em score, right e by_discipline.',
    }),
    explanation: z.string().nullable(),
    explanation_locked: z.enum(['plan', 'disabled']).nullable().meta({
      description: 'Há explicação, mas o plano não a inclui (plan) ou o recurso está desligado (disabled).',
    }),
    explanation_message: z.string().nullable(),
    ...ExplanationOriginFields,
  })
  .meta({ id: 'SimulationReviewItem' })
export type ReviewItemJson = z.output<typeof ReviewItemJson>

export const SimulationResultJson = z
  .object({
    simulation: SimulationJson,
    score: int(),
    size: int(),
    right: int(),
    wrong: int(),
    blank: int(),
    annulled: int().meta({ description: 'Questões anuladas no simulado (já somadas em right e score, como a banca faz).' }),
    percent: int().meta({ description: 'score / size, arredondado.' }),
    pass_mark: int(),
    passed: z.boolean(),
    time_used_seconds: int(),
    seconds_per_question: int().meta({ description: 'time_used_seconds / size, arredondado.' }),
    by_discipline: z.array(DisciplineScoreJson),
    comparison: ComparisonJson,
    review: z.array(ReviewItemJson),
  })
  .meta({ id: 'SimulationResult' })
export type SimulationResultJson = z.output<typeof SimulationResultJson>

const simulationParams = z.object({ id: idParam(SIMULATION_NOT_FOUND) })

const positionMessage = POSITION_INVALID
const SittingQuery = z.object({
  position: queryInt(
    z
      .number({ error: positionMessage })
      .int({ error: positionMessage })
      .min(1, { error: positionMessage })
      .max(CUSTOM_MAX_SIZE, { error: positionMessage })
      .optional(),
  ).meta({ description: 'A questão a mostrar (padrão: onde o estudante parou).' }),
})

/** The 403 of a refused start: why, and where the plans are. */
const SimulationRefused = ApiErrorBody.extend({
  code: AllowanceCode,
  limit: int().nullable().optional(),
  used_this_month: int().optional(),
  plans_url: z.string().optional(),
})

/** The 422 of a draw the bank cannot fill: what is missing. */
const DrawRefused = ApiErrorBody.extend({
  code: z.enum(['NOT_ENOUGH_QUESTIONS', 'EXAM_INCOMPLETE', 'NO_COMPLETE_EXAM']),
  available: int().optional().meta({ description: 'Quantas questões os filtros encontram.' }),
  wanted: int().optional(),
})

const SimulationReply = z.object({ success: z.literal(true), simulation: SimulationJson })

const tags = ['Simulados']

export const simulationsApi = {
  exams: defineEndpoint({
    method: 'get',
    path: '/exams',
    summary: 'As provas importadas, da mais recente, e se cada uma está inteira no banco',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: z.literal(true), exams: z.array(ExamJson) }) },
  }),
  options: defineEndpoint({
    method: 'get',
    path: '/simulations/options',
    summary: 'O que o plano deixa iniciar e a distribuição do próximo Exame de Ordem (com o que falta no banco)',
    tags,
    auth: 'user',
    responses: {
      200: z.object({
        success: z.literal(true),
        allowance: SimulationAllowanceJson,
        exame_ordem: ExameOrdemPlanJson,
        personalizado: z.object({ min_size: int(), max_size: int(), default_size: int(), minutes_per_question: z.number() }),
      }),
    },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/simulations',
    summary: 'Sorteia e inicia um simulado',
    description:
      `exame_ordem: 80 questões na distribuição do caderno (ou da tabela do administrador), 5 horas. ` +
      `prova_anterior: a prova exam_id como foi aplicada. personalizado: filtros, de ${CUSTOM_MIN_SIZE} a ${CUSTOM_MAX_SIZE} ` +
      `questões, tempo opcional (${MINUTES_PER_QUESTION} min por questão por padrão). 404 '${EXAM_NOT_FOUND}'; 422 quando o banco não preenche o simulado.`,
    tags,
    auth: 'user',
    body: CreateSimulationBody,
    responses: { 201: SimulationReply },
    errors: [403, 404, 422, 429],
    errorBodies: { 403: SimulationRefused, 422: DrawRefused },
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/simulations',
    summary: 'Os simulados do estudante, do mais novo ao mais antigo',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: z.literal(true), simulations: z.array(SimulationJson) }) },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/simulations/:id',
    summary: 'O simulado: estado, prazo, cartão-resposta e a questão da posição pedida (sem gabarito)',
    description: 'Um simulado cujo prazo passou é encerrado nesta leitura.',
    tags,
    auth: 'user',
    params: simulationParams,
    query: SittingQuery,
    responses: {
      200: z.object({
        success: z.literal(true),
        simulation: SimulationJson,
        sheet: z.array(SheetCellJson),
        question: SittingQuestionJson,
      }),
    },
  }),
  answer: defineEndpoint({
    method: 'put',
    path: '/simulations/:id/answers/:questionId',
    summary: 'Salva a resposta (ou o branco) e a marca de revisão de uma questão',
    description: `409 depois do prazo ou da entrega. 404 '${QUESTION_NOT_IN_SIMULATION}'.`,
    tags,
    auth: 'user',
    params: z.object({ id: idParam(SIMULATION_NOT_FOUND), questionId: idParam(QUESTION_NOT_IN_SIMULATION) }),
    body: SimulationAnswerBody,
    responses: {
      200: z.object({
        success: z.literal(true),
        message: z.string(),
        position: int(),
        question_id: int(),
        choice: z.string().nullable(),
        marked: z.boolean(),
        next_position: int().nullable(),
        time_left_seconds: int().nullable(),
      }),
    },
    errors: [409, 429],
  }),
  finish: defineEndpoint({
    method: 'post',
    path: '/simulations/:id/finish',
    summary: 'Entrega o simulado (as respostas viram tentativas)',
    description: 'Entregar um simulado já encerrado responde o mesmo simulado, sem erro.',
    tags,
    auth: 'user',
    params: simulationParams,
    responses: { 200: SimulationReply.extend({ message: z.string() }) },
    errors: [429],
  }),
  result: defineEndpoint({
    method: 'get',
    path: '/simulations/:id/result',
    summary: 'O resultado: nota, corte, disciplinas, tempo, comparação e a revisão com gabarito',
    description: '409 enquanto o simulado está em andamento.',
    tags,
    auth: 'user',
    params: simulationParams,
    responses: { 200: z.object({ success: z.literal(true), result: SimulationResultJson }) },
    errors: [409],
  }),
  adminMix: defineEndpoint({
    method: 'get',
    path: '/admin/simulations/mix',
    summary: 'A distribuição de disciplinas do simulado do Exame de Ordem (a tabela do administrador e a do caderno)',
    tags,
    auth: 'admin',
    responses: {
      200: z.object({
        success: z.literal(true),
        table: z.array(MixRowJson).meta({ description: 'A tabela do administrador; [] quando vale o caderno da prova.' }),
        booklet: ExameOrdemPlanJson.meta({ description: 'A distribuição do caderno da prova completa mais recente.' }),
        effective: ExameOrdemPlanJson.meta({ description: 'A que o próximo simulado usa.' }),
      }),
    },
  }),
  setAdminMix: defineEndpoint({
    method: 'put',
    path: '/admin/simulations/mix',
    summary: 'Define a distribuição do Exame de Ordem (soma 80; [] volta ao caderno da prova)',
    tags,
    auth: 'admin',
    body: MixBody,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), table: z.array(MixRowJson), effective: ExameOrdemPlanJson }),
    },
  }),
  officialMix: defineEndpoint({
    method: 'get',
    path: '/admin/simulations/official-mix',
    summary: 'A distribuição oficial do Exame de Ordem (vale quando nenhum caderno se qualifica e não há tabela)',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ success: z.literal(true), lines: z.array(OfficialLineJson) }) },
  }),
  setOfficialMix: defineEndpoint({
    method: 'put',
    path: '/admin/simulations/official-mix',
    summary: 'Substitui a distribuição oficial (por nome de disciplina, na ordem do caderno; soma 80)',
    tags,
    auth: 'admin',
    body: OfficialMixBody,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), lines: z.array(OfficialLineJson), effective: ExameOrdemPlanJson }),
    },
  }),
  adminStats: defineEndpoint({
    method: 'get',
    path: '/admin/simulations/stats',
    summary: 'Simulados iniciados e terminados nesta semana (segunda a domingo, America/Sao_Paulo)',
    tags,
    auth: 'admin',
    responses: {
      200: z.object({
        success: z.literal(true),
        week_start: z.string().meta({ description: 'A segunda-feira da semana (aaaa-mm-dd).' }),
        started: int(),
        finished: int(),
        by_kind: z.array(z.object({ kind: Kind, started: int(), finished: int() })),
      }),
    },
  }),
}
