// The messages and numbers of Revisão (issue 30) that the contract, the router and the rules share
// (no zod, no database: the contract is imported by the pages' loaders).

/** Desired retention: FSRS schedules each review when recall is predicted to fall to this. */
export const RETENTION_MIN = 0.8
export const RETENTION_MAX = 0.95
export const RETENTION_DEFAULT = 0.9
/** Reviews a day the queue offers. */
export const DAILY_LIMIT_MIN = 1
export const DAILY_LIMIT_MAX = 500
export const DAILY_LIMIT_DEFAULT = 50
/** Items in one answer of GET /review/queue. */
export const QUEUE_LIMIT_DEFAULT = 20
export const QUEUE_LIMIT_MAX = 100
/** Days of the forecast (today first). */
export const FORECAST_DAYS = 7
/** The window of the measured retention. */
export const RETENTION_WINDOW_DAYS = 30
/** Right answers slower than this many times the question's typical time are rated Hard. */
export const HARD_TIME_FACTOR = 2
/** Study plan bounds. */
export const HOURS_PER_WEEK_MIN = 1
export const HOURS_PER_WEEK_MAX = 80
/** How many of the weakest topics the study plan names. */
export const WEAK_TOPICS = 5

export const RETENTION_MESSAGE = `A retenção desejada deve ser um número de ${RETENTION_MIN.toLocaleString('pt-BR')} a ${RETENTION_MAX.toLocaleString('pt-BR')} (por exemplo 0,9 para 90%).`
export const DAILY_LIMIT_MESSAGE = `O limite diário de revisões deve ser um número inteiro de ${DAILY_LIMIT_MIN} a ${DAILY_LIMIT_MAX}.`
export const QUEUE_LIMIT_MESSAGE = `limit deve ser um número inteiro de 1 a ${QUEUE_LIMIT_MAX}.`
export const DISCIPLINE_MESSAGE = 'discipline deve ser o identificador numérico de uma disciplina.'
export const NOTEBOOK_MESSAGE = 'notebook deve ser o identificador numérico de um caderno.'
export const NOTEBOOK_NOT_FOUND = 'Caderno não encontrado'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const ATTEMPT_NOT_FOUND = 'Resposta não encontrada'
/** The ratings a student gives a right answer (issue 39): Anki's, less Errei, which a wrong answer gets by itself. */
export const CHOSEN_RATINGS = ['hard', 'good', 'easy'] as const
export type ChosenRating = (typeof CHOSEN_RATINGS)[number]
export const RATING_LABELS = { again: 'Errei', hard: 'Difícil', good: 'Bom', easy: 'Fácil' } as const
export const RATING_MESSAGE = 'A nota deve ser hard (Difícil), good (Bom) ou easy (Fácil).'
export const RATE_NOT_RIGHT = 'Só uma resposta certa recebe nota: a errada volta para a revisão como "Errei".'
export const RATE_NOT_LAST = 'Só a última resposta desta questão pode receber nota.'
export const rateDone = (rating: ChosenRating) => `Nota salva: ${RATING_LABELS[rating]}.`
export const SETTINGS_SAVED = 'Configurações de revisão salvas.'
export const EXAM_DATE_MESSAGE = 'Informe a data da prova no formato AAAA-MM-DD, de hoje em diante.'
export const HOURS_MESSAGE = `As horas por semana devem ser um número inteiro de ${HOURS_PER_WEEK_MIN} a ${HOURS_PER_WEEK_MAX}.`
export const STUDY_PLAN_SAVED = 'Plano de estudos salvo.'
export const STUDY_PLAN_DISABLED = 'O plano de estudos está desativado no momento.'
export const PLANS_URL = '/trocar-plano'
